// Every game solved at compile time, one line each: its module in src/games/, the name
// people and the API call it, its rules file (the one file build.rs compiles), its position
// type, its table's name, and how build.rs writes its table:
// - `phf`: a `phf` map in Rust source (small games);
// - `phf_best_cells`: the same, each entry keeping the optimal moves as a cell mask (what
//   tic-tac-toe's `Board::lookup` answers from);
// - `packed`: a table file (docs/table-format.md, the bytes `perfect-play solve` writes)
//   embedded with `include_bytes!` (games of more than some tens of thousands of
//   positions, where Rust source stops being practical).
// A line may start with `#[cfg(feature = "...")]`: the game is built only with that feature.
// Read by `build.rs`, which solves each, and by `src/games/mod.rs`, which serves each table.
games! {
    tictactoe "tictactoe" "tictactoe/rules.rs" Board TICTACTOE phf_best_cells;
    misere "misere" "misere.rs" Misere MISERE phf;
    hexapawn_3x3 "hexapawn" "hexapawn_3x3.rs" Hexapawn3x3 HEXAPAWN phf;
    dodgem_3x3 "dodgem" "dodgem_3x3.rs" Dodgem3x3 DODGEM phf;
    connect4_4x4 "connect4-4x4" "connect4_4x4.rs" Connect4On4x4 CONNECT4_4X4 packed;
    #[cfg(feature = "large-games")]
    connect4_5x4 "connect4-5x4" "connect4_5x4.rs" Connect4On5x4 CONNECT4_5X4 packed;
    #[cfg(feature = "large-games")]
    connect4_4x5 "connect4-4x5" "connect4_4x5.rs" Connect4On4x5 CONNECT4_4X5 packed;
}
