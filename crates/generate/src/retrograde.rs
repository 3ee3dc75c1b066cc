//! Retrograde analysis over a graph of positions: GamesmanOne's backward induction, the
//! one implementation behind both solvers (`solve.rs` keeps the positions, for canonical
//! forms and a game's own bits; `flat.rs` keeps only keys, for games of millions).

use std::collections::BTreeMap;
use std::vec;
use std::vec::Vec;

use perfect_play_core::{ENDLESS, Record, Value};

use crate::graph::Graph;

/// A record with a remoteness checked against [`ENDLESS`]; `Err(position)` when too deep.
fn deep(value: Value, remoteness: u32, position: usize) -> Result<Record, usize> {
    match u16::try_from(remoteness) {
        Ok(remoteness) if remoteness < ENDLESS - 1 => Ok(Record { value, remoteness }),
        _ => Err(position),
    }
}

/// Solves every position of `children` (each position's moves, as indices) by retrograde
/// analysis, given each position's result if the game is finished there: settle positions
/// from the finished ones backwards by remoteness (a win as soon as one child is a loss, a
/// loss once every child is a win); what never settles is a draw, whose remoteness is its
/// longest drawing line, or [`ENDLESS`] when a drawing line can repeat.
///
/// # Errors
/// The index of a position too deep for a record (0x3ffe plies or more).
pub(crate) fn retrograde(
    children: &Graph,
    finished: &[Option<Record>],
) -> Result<Vec<Record>, usize> {
    let n = children.len();
    let parents = children.reversed();

    // Backward induction by remoteness level, from the finished positions, each at its
    // own remoteness (`Game::finished_plies`).
    let mut records: Vec<Option<Record>> = vec![None; n];
    let mut unsettled: Vec<u32> = (0..n).map(|i| children.of(i).len() as u32).collect();
    let mut seeds: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for (i, result) in finished.iter().enumerate() {
        if let Some(record) = *result {
            if let Some(slot) = records.get_mut(i) {
                *slot = Some(record);
            }
            if record.value != Value::Draw {
                seeds
                    .entry(u32::from(record.remoteness))
                    .or_default()
                    .push(i as u32);
            }
        }
    }
    let mut depth = 0u32;
    let mut level: Vec<u32> = Vec::new();
    loop {
        if let Some(seeded) = seeds.remove(&depth) {
            level.extend(seeded);
        }
        if level.is_empty() && seeds.is_empty() {
            break;
        }
        let mut next = Vec::new();
        for &child in &level {
            let Some(Some(record)) = records.get(child as usize).copied() else {
                continue;
            };
            for &parent in parents.of(child as usize) {
                let parent = parent as usize;
                if matches!(records.get(parent), Some(Some(_))) {
                    continue;
                }
                let settled = match record.value {
                    Value::Loss => Some(Value::Win),
                    Value::Win => unsettled.get_mut(parent).and_then(|count| {
                        *count -= 1;
                        (*count == 0).then_some(Value::Loss)
                    }),
                    Value::Draw => None,
                };
                if let Some(value) = settled {
                    let record = deep(value, depth + 1, parent)?;
                    if let Some(slot) = records.get_mut(parent) {
                        *slot = Some(record);
                    }
                    next.push(parent as u32);
                }
            }
        }
        level = next;
        depth += 1;
    }

    // What is left is a draw: its longest line through drawing children, settled
    // backwards from the finished draws; what never settles can draw for ever.
    let is_draw = |r: &Option<Record>| r.is_none_or(|r| r.value == Value::Draw);
    let mut waiting: Vec<u32> = (0..n)
        .map(|i| {
            children
                .of(i)
                .iter()
                .filter(|&&k| records.get(k as usize).is_some_and(is_draw))
                .count() as u32
        })
        .collect();
    let mut queue: Vec<u32> = (0..n as u32)
        .filter(|&i| matches!(records.get(i as usize), Some(Some(r)) if r.value == Value::Draw))
        .collect();
    let mut draw_remoteness: Vec<Option<u32>> = records
        .iter()
        .map(|r| r.filter(|r| r.value == Value::Draw).map(|_| 0))
        .collect();
    let mut head = 0;
    while let Some(&child) = queue.get(head) {
        head += 1;
        let through = draw_remoteness
            .get(child as usize)
            .copied()
            .flatten()
            .unwrap_or(0)
            + 1;
        for &parent in parents.of(child as usize) {
            let parent = parent as usize;
            if records.get(parent).copied().flatten().is_some() {
                continue;
            }
            if let Some(slot) = draw_remoteness.get_mut(parent) {
                *slot = Some(slot.map_or(through, |r| r.max(through)));
            }
            if let Some(count) = waiting.get_mut(parent) {
                *count -= 1;
                if *count == 0 {
                    queue.push(parent as u32);
                }
            }
        }
    }
    let mut solved = Vec::with_capacity(n);
    for (i, ((record, &waiting), &remoteness)) in records
        .iter()
        .zip(&waiting)
        .zip(&draw_remoteness)
        .enumerate()
    {
        solved.push(match (record, remoteness) {
            (Some(record), _) => *record,
            (None, Some(r)) if waiting == 0 => deep(Value::Draw, r, i)?,
            (None, _) => Record {
                value: Value::Draw,
                remoteness: ENDLESS,
            },
        });
    }
    Ok(solved)
}
