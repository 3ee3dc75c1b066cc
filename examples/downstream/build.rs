//! Solves the games of `src/game.rs` and `src/nim.rs` and writes their tables into
//! `OUT_DIR`: the small one as a `phf` map in Rust source, the large one (a million
//! positions) as a table file and the source that embeds it.

use std::error::Error;
use std::{env, fs, path::Path};

use perfect_play_generate::{FlatLimits, solve, solve_flat, write_file_table, write_table};

#[path = "src/game.rs"]
mod game;
#[path = "src/nim.rs"]
mod nim;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/game.rs");
    println!("cargo:rerun-if-changed=src/nim.rs");
    let out_dir = env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?;
    let out_dir = Path::new(&out_dir);

    let solution = solve::<game::Pile>(false)?;
    let source = write_table("PILE", "every pile from 21 counters", &solution, |_| 0)?;
    fs::write(out_dir.join("pile.rs"), source)?;

    let solution = solve_flat::<nim::Nim>(FlatLimits::DEFAULT)?;
    let files = write_file_table(
        "NIM",
        "nim",
        "nim",
        "every Nim position of four piles",
        &solution,
    )?;
    fs::write(out_dir.join("nim.table"), files.bytes)?;
    fs::write(out_dir.join("nim.rs"), files.source)?;
    Ok(())
}
