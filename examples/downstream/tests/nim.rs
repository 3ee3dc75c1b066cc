//! The million-position Nim table against Bouton's theorem, on every position.
//!
//! Where the expectations come from: C. L. Bouton, "Nim, a game with a complete
//! mathematical theory", Annals of Mathematics 3 (1901–1902): the player to move loses
//! exactly when the XOR of the pile sizes is 0. Remoteness is checked against its own
//! definition on a seeded sample: a lost position's plies are one more than the longest
//! of its children's, a won position's one more than the shortest lost child's.

use downstream::{NIM, Nim};
use perfect_play_core::{Game, Record, Value};

/// Every position of four piles of 0..=31.
fn all() -> impl Iterator<Item = Nim> {
    (0..32u32.pow(4)).map(|n| {
        Nim([
            (n >> 15 & 31) as u8,
            (n >> 10 & 31) as u8,
            (n >> 5 & 31) as u8,
            (n & 31) as u8,
        ])
    })
}

#[test]
fn every_position_is_lost_exactly_when_the_xor_is_zero() {
    let mut count = 0;
    for position in all() {
        let record = NIM.probe(&position).unwrap();
        let [a, b, c, d] = position.0;
        let expected = if a ^ b ^ c ^ d == 0 {
            Value::Loss
        } else {
            Value::Win
        };
        assert_eq!(record.value, expected, "{position:?}");
        count += 1;
    }
    assert_eq!(count, 1_048_576);
    assert_eq!(NIM.len(), 1_048_576);
    assert_eq!(
        NIM.probe(&Nim([32, 0, 0, 0])),
        None,
        "a pile of 32 is not a position"
    );
}

#[test]
fn remoteness_follows_from_the_children_on_a_sample() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..2_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let n = (state % 32u64.pow(4)) as u32;
        let position = all().nth(n as usize).unwrap();
        let record = NIM.probe(&position).unwrap();
        let mut children: Vec<Record> = Vec::new();
        if position.finished().is_none() {
            position.moves(&mut |_, child| children.push(NIM.probe(&child).unwrap()));
        }
        let expected = if children.is_empty() {
            0
        } else if record.value == Value::Win {
            1 + children
                .iter()
                .filter(|c| c.value == Value::Loss)
                .map(|c| c.remoteness)
                .min()
                .unwrap()
        } else {
            1 + children.iter().map(|c| c.remoteness).max().unwrap()
        };
        assert_eq!(record.remoteness, expected, "{position:?}");
    }
}
