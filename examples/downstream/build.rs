//! Solves the game of `src/game.rs` and writes its table into `OUT_DIR`.

use std::error::Error;
use std::{env, fs, path::Path};

use perfect_play_generate::{solve, write_table};

#[path = "src/game.rs"]
mod game;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/game.rs");
    let solution = solve::<game::Pile>(false)?;
    let source = write_table("PILE", "every pile from 21 counters", &solution, |_| 0)?;
    let out_dir = env::var_os("OUT_DIR").ok_or("cargo sets OUT_DIR")?;
    fs::write(Path::new(&out_dir).join("pile.rs"), source)?;
    Ok(())
}
