//! `Level::chances` against `Level::pick` itself: for seeded random lists of ranked moves,
//! every level picks each move, over many draws, as often as its chance says (within a
//! tolerance far above the sampling error of 40,000 draws), and the chances add up to 1.
//! The truth is the behaviour of `pick`, the function the web board and the bots play by.

use perfect_play_core::{Level, Record, Value};

/// A seeded xorshift generator: the same draws on every run.
fn xorshift(mut state: u32) -> impl FnMut() -> u32 {
    move || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state
    }
}

#[test]
fn pick_follows_chances() {
    let mut random = xorshift(0x9e37_79b9);
    let levels = [
        Level::Perfect,
        Level::Safe,
        Level::Skill(75),
        Level::Skill(40),
        Level::Skill(0),
        Level::Random,
    ];
    for _ in 0..30 {
        let len = 1 + (random() % 6) as usize;
        let moves: Vec<(usize, Record)> = (0..len)
            .map(|i| {
                let value = [Value::Win, Value::Draw, Value::Loss][(random() % 3) as usize];
                let remoteness = (1 + random() % 3) as u16;
                (i, Record { value, remoteness })
            })
            .collect();
        for level in levels {
            let chances: Vec<f64> = level.chances(&moves).collect();
            assert_eq!(chances.len(), len);
            assert!(
                (chances.iter().sum::<f64>() - 1.0).abs() < 1e-9,
                "{level} {moves:?}"
            );
            let draws = 40_000;
            let mut counts = vec![0u32; len];
            for _ in 0..draws {
                counts[level.pick(&moves, &mut random).unwrap()] += 1;
            }
            for (count, chance) in counts.iter().zip(&chances) {
                let seen = f64::from(*count) / f64::from(draws);
                assert!(
                    (seen - chance).abs() < 0.02,
                    "{level} {moves:?}: {seen} vs {chance}"
                );
            }
        }
    }
}
