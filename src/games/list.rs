// The catalogue: every game of the crate, one line each, in the order every surface lists
// them: its module in src/games/, the file of its rules (the one file build.rs compiles
// through #[path]) and its position type. The game's file says the rest beside its rules
// (`Registered`, src/games/registered.rs): its name, parameters and defaults (`Family`),
// the sizes compiled into the build and the sizes with a name of their own. A game of one
// size is a family without parameters (tictactoe).
// A line may start with `#[cfg(feature = "...")]`: the game is in the build only with it.
// Read by `build.rs`, which solves each compiled size, and by `src/games/mod.rs`, which
// declares each module and its entry.
catalogue! {
    tictactoe "tictactoe/rules.rs" Board;
    misere "misere.rs" Misere;
    mnk "mnk.rs" Mnk;
    nim "nim.rs" Nim;
    domineering "domineering.rs" Domineering;
    clobber "clobber.rs" Clobber;
    breakthrough "breakthrough.rs" Breakthrough;
    hex "hex.rs" Hex;
    dots_and_boxes "dots_and_boxes.rs" DotsAndBoxes;
    kalah "kalah.rs" Kalah;
    othello "othello.rs" Othello;
    hexapawn "hexapawn.rs" Hexapawn;
    dodgem "dodgem.rs" Dodgem;
    connect4 "connect4.rs" ConnectFour;
    toads_and_frogs "toads_and_frogs.rs" ToadsAndFrogs;
    cram "cram.rs" Cram;
    dobutsu "dobutsu.rs" Dobutsu;
}
