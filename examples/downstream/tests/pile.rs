//! The generated table against the known result and against a plain solver written here.
//!
//! Where the expectations come from: in the subtraction game where a move takes 1, 2 or 3
//! counters and taking the last one wins, the player to move loses exactly when the pile is
//! a multiple of 4 (Berlekamp, Conway and Guy, *Winning Ways*, chapter 4, subtraction
//! games; the "21 game"). The reference below recomputes every pile bottom up.

use downstream::{Pile, SOLVED};
use perfect_play_core::{Record, Value};

#[test]
fn multiples_of_four_are_lost() {
    for n in 0..=21u8 {
        let record = SOLVED.probe(&Pile(n)).unwrap();
        let expected = if n % 4 == 0 { Value::Loss } else { Value::Win };
        assert_eq!(record.value, expected, "pile {n}");
    }
    assert_eq!(SOLVED.len(), 22);
    assert_eq!(SOLVED.probe(&Pile(22)), None);
}

#[test]
fn matches_a_plain_solver() {
    // (win?, plies) for piles 0..=21, bottom up.
    let mut table: [(bool, u16); 22] = [(false, 0); 22];
    for n in 1..22usize {
        let children: Vec<(bool, u16)> = (1..=3.min(n)).map(|t| table[n - t]).collect();
        table[n] = match children.iter().filter(|c| !c.0).map(|c| c.1 + 1).min() {
            Some(plies) => (true, plies),
            None => (false, children.iter().map(|c| c.1 + 1).max().unwrap()),
        };
    }
    for (n, &(win, plies)) in table.iter().enumerate() {
        let value = if win { Value::Win } else { Value::Loss };
        let expected = Record {
            value,
            remoteness: plies,
        };
        assert_eq!(SOLVED.probe(&Pile(n as u8)), Some(expected), "pile {n}");
    }
}

#[test]
fn moves_come_ranked_and_the_line_wins() {
    let mut moves = [(
        0,
        Record {
            value: Value::Draw,
            remoteness: 0,
        },
    ); 3];
    assert_eq!(SOLVED.ranked_moves(&Pile(21), &mut moves), 3);
    assert_eq!(moves[0].0, 1);
    assert_eq!(moves[0].1.value, Value::Win);
    assert!(moves[1..].iter().all(|(_, r)| r.value == Value::Loss));

    let mut line = [0u8; 32];
    let plies = SOLVED.principal_line(&Pile(21), &mut line);
    let start = SOLVED.probe(&Pile(21)).unwrap();
    assert_eq!(plies, usize::from(start.remoteness));
    assert_eq!(line[..plies].iter().map(|&t| u32::from(t)).sum::<u32>(), 21);
}
