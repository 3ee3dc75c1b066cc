//! A game as a family: one position type for every size, its parameters described as data
//! ([`Param`]), their values read from one syntax ([`Args::parse`]), and the start at any
//! size ([`Family::at`]). `no_std`, no allocation.
//!
//! One syntax names a family at a size on every surface: the family's name, a colon, and
//! its parameters as `name=value` split by commas, `mnk:m=4,n=4,k=3`, or by position in
//! the order the family lists them, `mnk:4,4,3`; a parameter left out keeps its default
//! (`mnk` alone is its default size). A boolean is `true` or `false` (`yes`/`no`, `1`/`0`);
//! a list of integers is its items split by `-` or `;`, `nim:piles=1-3-5-7`. The
//! [`Display`](core::fmt::Display) of [`Size`] writes every parameter by name: the
//! canonical name of a size, the one every surface prints.

use core::fmt;

use crate::notation::Notation;

/// The most parameters a family has.
pub const MAX_PARAMS: usize = 4;
/// The most items a list parameter holds (Nim's piles).
pub const MAX_LIST: usize = 8;

/// What kind of value a parameter takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamKind {
    /// A whole number between the parameter's `min` and `max`.
    Integer,
    /// `true` or `false`.
    Boolean,
    /// One to [`MAX_LIST`] whole numbers, each between `min` and `max`.
    Integers,
}

impl ParamKind {
    /// `integer`, `boolean` or `integers`: what `games --json` calls the kind.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ParamKind::Integer => "integer",
            ParamKind::Boolean => "boolean",
            ParamKind::Integers => "integers",
        }
    }
}

/// One parameter of a family, as data every surface can list: `m`, an integer from 1 to 8,
/// 3 unless given, "the board's columns".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Param {
    /// Its name in the syntax: `m`, `x_in_row`, `piles`.
    pub name: &'static str,
    /// What kind of value it takes.
    pub kind: ParamKind,
    /// The least value (of each item, for a list); 0 for a boolean.
    pub min: u32,
    /// The greatest value (of each item, for a list); 1 for a boolean.
    pub max: u32,
    /// The value it has when not given.
    pub default: Arg,
    /// What it means, in a few words.
    pub doc: &'static str,
}

/// One parameter's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// A whole number.
    Int(u32),
    /// `true` or `false`.
    Bool(bool),
    /// A list of whole numbers: the first `len` of `items`.
    List {
        /// How many items.
        len: u8,
        /// The items, then zeros.
        items: [u8; MAX_LIST],
    },
}

impl Arg {
    /// The number, or 0 for another kind.
    #[must_use]
    pub const fn int(&self) -> u32 {
        match self {
            Arg::Int(n) => *n,
            _ => 0,
        }
    }

    /// The boolean, or `false` for another kind.
    #[must_use]
    pub const fn bool(&self) -> bool {
        matches!(self, Arg::Bool(true))
    }

    /// The list's items (empty for another kind).
    #[must_use]
    pub fn items(&self) -> &[u8] {
        match self {
            Arg::List { len, items } => items.get(..usize::from(*len)).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// `4`, `true`, `1-3-5-7`: the value as the syntax writes it.
impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(n) => write!(f, "{n}"),
            Arg::Bool(b) => write!(f, "{b}"),
            Arg::List { .. } => {
                for (i, item) in self.items().iter().enumerate() {
                    if i > 0 {
                        f.write_str("-")?;
                    }
                    write!(f, "{item}")?;
                }
                Ok(())
            }
        }
    }
}

/// The values of a family's parameters, in the order the family lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Args {
    values: [Arg; MAX_PARAMS],
    len: usize,
}

/// Why a text does not name a size of a family, and where (a column of the text after the
/// colon, counted from 1; 0 for the whole text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError {
    column: usize,
    kind: SizeErrorKind,
}

/// What is wrong with a size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SizeErrorKind {
    /// A `name=` that is no parameter of the family.
    UnknownParam {
        /// The parameters there are, for the message: `"m, n, k"`.
        known: Params,
    },
    /// More values by position than the family has parameters.
    TooMany {
        /// How many parameters the family has.
        params: usize,
    },
    /// The same parameter given twice.
    Twice {
        /// Its name.
        name: &'static str,
    },
    /// A value that is not of the parameter's kind.
    NotA {
        /// The parameter.
        name: &'static str,
        /// What it takes: `integer`, `boolean`, `integers`.
        kind: ParamKind,
    },
    /// A value (or a list's item) outside the parameter's range.
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value found.
        found: u32,
        /// The least it may be.
        min: u32,
        /// The greatest it may be.
        max: u32,
    },
    /// A list of more than [`MAX_LIST`] items.
    LongList {
        /// The parameter.
        name: &'static str,
    },
    /// Values that are each fine but not together: `k` longer than the board.
    Together {
        /// Why, in a few words: `"k is longer than both sides of the board"`.
        reason: &'static str,
    },
}

/// The names of a family's parameters, for a message (`m, n, k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params(pub &'static [Param]);

impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, param) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(param.name)?;
        }
        Ok(())
    }
}

impl SizeError {
    /// An error at `column` (counted from 1 in the text after the colon; 0 for all of it).
    #[must_use]
    pub const fn new(column: usize, kind: SizeErrorKind) -> SizeError {
        SizeError { column, kind }
    }

    /// Values that do not go together, for a family's [`Family::at`].
    #[must_use]
    pub const fn together(reason: &'static str) -> SizeError {
        SizeError::new(0, SizeErrorKind::Together { reason })
    }

    /// The column of the parameters' text where it goes wrong, or 0.
    #[must_use]
    pub const fn column(&self) -> usize {
        self.column
    }

    /// What is wrong.
    #[must_use]
    pub const fn kind(&self) -> SizeErrorKind {
        self.kind
    }
}

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.column > 0 {
            write!(f, "column {} of the parameters: ", self.column)?;
        }
        match self.kind {
            SizeErrorKind::UnknownParam { known } => {
                write!(f, "no such parameter: the parameters are {known}")
            }
            SizeErrorKind::TooMany { params } => {
                write!(f, "more values than the {params} parameters")
            }
            SizeErrorKind::Twice { name } => write!(f, "{name} is given twice"),
            SizeErrorKind::NotA { name, kind } => match kind {
                ParamKind::Integer => write!(f, "{name} takes a whole number"),
                ParamKind::Boolean => write!(f, "{name} takes true or false"),
                ParamKind::Integers => {
                    write!(f, "{name} takes whole numbers split by -, like 1-3-5")
                }
            },
            SizeErrorKind::OutOfRange {
                name,
                found,
                min,
                max,
            } => write!(f, "{name} is {found}, but goes from {min} to {max}"),
            SizeErrorKind::LongList { name } => {
                write!(f, "{name} has more than {MAX_LIST} items")
            }
            SizeErrorKind::Together { reason } => f.write_str(reason),
        }
    }
}

impl core::error::Error for SizeError {}

impl Args {
    /// Every parameter at its default.
    #[must_use]
    pub fn defaults(params: &[Param]) -> Args {
        let mut values = [Arg::Int(0); MAX_PARAMS];
        for (slot, param) in values.iter_mut().zip(params) {
            *slot = param.default;
        }
        Args {
            values,
            len: params.len().min(MAX_PARAMS),
        }
    }

    /// The values, in the family's order of parameters.
    #[must_use]
    pub fn values(&self) -> &[Arg] {
        self.values.get(..self.len).unwrap_or(&[])
    }

    /// The value of parameter `index` (0 for a missing one).
    #[must_use]
    pub fn get(&self, index: usize) -> Arg {
        self.values().get(index).copied().unwrap_or(Arg::Int(0))
    }

    /// The same values with parameter `index` set to `arg`.
    #[must_use]
    pub fn with(mut self, index: usize, arg: Arg) -> Args {
        if let Some(slot) = self.values.get_mut(index) {
            *slot = arg;
        }
        self
    }

    /// Reads the parameters' text (what follows the colon: `m=4,n=4,k=3`, `4,4,3`, or
    /// nothing) against `params`; what is not given keeps its default.
    ///
    /// # Errors
    /// [`SizeError`] naming the column and what is wrong.
    pub fn parse(params: &'static [Param], text: &str) -> Result<Args, SizeError> {
        let mut args = Args::defaults(params);
        let mut given = [false; MAX_PARAMS];
        let mut column = 1;
        let mut position = 0;
        for part in text.split(',') {
            let at = column + (part.len() - part.trim_start().len());
            column += part.chars().count() + 1;
            let part = part.trim();
            if part.is_empty() {
                if text.trim().is_empty() {
                    break;
                }
                return Err(SizeError::new(
                    at,
                    SizeErrorKind::UnknownParam {
                        known: Params(params),
                    },
                ));
            }
            let (index, value, value_at) = match part.split_once('=') {
                Some((name, value)) => {
                    let name = name.trim();
                    let index = params
                        .iter()
                        .position(|p| p.name.eq_ignore_ascii_case(name))
                        .ok_or(SizeError::new(
                            at,
                            SizeErrorKind::UnknownParam {
                                known: Params(params),
                            },
                        ))?;
                    (index, value.trim(), at + name.chars().count() + 1)
                }
                None => {
                    if position >= params.len() {
                        return Err(SizeError::new(
                            at,
                            SizeErrorKind::TooMany {
                                params: params.len(),
                            },
                        ));
                    }
                    position += 1;
                    (position - 1, part, at)
                }
            };
            let (Some(param), Some(seen)) = (params.get(index), given.get_mut(index)) else {
                return Err(SizeError::new(
                    at,
                    SizeErrorKind::TooMany {
                        params: params.len(),
                    },
                ));
            };
            if *seen {
                return Err(SizeError::new(
                    at,
                    SizeErrorKind::Twice { name: param.name },
                ));
            }
            *seen = true;
            let arg = read_arg(param, value).map_err(|kind| SizeError::new(value_at, kind))?;
            args = args.with(index, arg);
        }
        Ok(args)
    }
}

/// One value read as `param` takes it.
fn read_arg(param: &Param, text: &str) -> Result<Arg, SizeErrorKind> {
    let not_a = SizeErrorKind::NotA {
        name: param.name,
        kind: param.kind,
    };
    let number = |text: &str| -> Result<u32, SizeErrorKind> {
        let n: u32 = text.trim().parse().map_err(|_| not_a)?;
        if n < param.min || n > param.max {
            return Err(SizeErrorKind::OutOfRange {
                name: param.name,
                found: n,
                min: param.min,
                max: param.max,
            });
        }
        Ok(n)
    };
    match param.kind {
        ParamKind::Integer => number(text).map(Arg::Int),
        ParamKind::Boolean => {
            let is = |word: &str| text.eq_ignore_ascii_case(word);
            if is("true") || is("yes") || is("1") {
                Ok(Arg::Bool(true))
            } else if is("false") || is("no") || is("0") {
                Ok(Arg::Bool(false))
            } else {
                Err(not_a)
            }
        }
        ParamKind::Integers => {
            let mut items = [0u8; MAX_LIST];
            let mut len = 0u8;
            for item in text.split(['-', ';']) {
                let n = number(item)?;
                let slot = items
                    .get_mut(usize::from(len))
                    .ok_or(SizeErrorKind::LongList { name: param.name })?;
                *slot = u8::try_from(n).map_err(|_| not_a)?;
                len += 1;
            }
            Ok(Arg::List { len, items })
        }
    }
}

/// A family at a size: its name and its parameters' values, written in the one syntax by
/// `{}` with every parameter named (`mnk:m=4,n=4,k=3`; a family without parameters is its
/// name alone).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    /// The family's name.
    pub family: &'static str,
    /// Its parameters' names and kinds.
    pub params: &'static [Param],
    /// Their values.
    pub args: Args,
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.family)?;
        for (i, (param, arg)) in self.params.iter().zip(self.args.values()).enumerate() {
            let sep = if i == 0 { ':' } else { ',' };
            write!(f, "{sep}{}={arg}", param.name)?;
        }
        Ok(())
    }
}

/// A game whose one position type serves every size: its parameters as data, the start at
/// any size, and the size of any position. The rules file of a family implements it
/// beside [`Game`](crate::Game) and [`Notation`]; [`Game::start`](crate::Game::start) is
/// the start at the default size, and [`Notation::parse_at`] reads a position at the size
/// of the one it is called on.
pub trait Family: Notation {
    /// The family's name in the syntax: `mnk`, `nim`, `connect4`.
    const FAMILY: &'static str;
    /// Its parameters, in the order positional values take them.
    const PARAMS: &'static [Param];
    /// The most positions a size may have to be solved on first use: a size whose walk
    /// goes past it stops with an error that says so.
    const MAX_POSITIONS: usize = 10_000_000;

    /// For a size past [`Family::MAX_POSITIONS`], what solving it into a table file costs,
    /// in a few words that every surface adds to its message when the file is missing
    /// (`about 10 minutes on two cores, about 6.5 GB at its peak`); `None` (the default) when not
    /// measured.
    fn solve_cost(&self) -> Option<&'static str> {
        None
    }

    /// For a size past [`Family::MAX_POSITIONS`] whose solve needs more than `perfect-play
    /// solve`'s default budget, the `--memory` it was measured with (`7G`): every surface
    /// puts it in the command it suggests, so that the command works as written; `None`
    /// (the default) when the default serves.
    fn solve_memory(&self) -> Option<&'static str> {
        None
    }

    /// The start position at `args` (values already in their ranges).
    ///
    /// # Errors
    /// [`SizeError`] when the values do not go together (`k` longer than the board).
    fn at(args: &Args) -> Result<Self, SizeError>;

    /// The parameters of this position's size.
    fn args(&self) -> Args;

    /// The family at this position's size, as the syntax names it.
    fn sized(&self) -> Size {
        Size {
            family: Self::FAMILY,
            params: Self::PARAMS,
            args: self.args(),
        }
    }
}
