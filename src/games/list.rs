// Every game solved at compile time, one line each: its module in src/games/, the name
// people and the API call it, its rules file (the one file build.rs compiles), its position
// type, its table's name, and the game's own bits each entry keeps (`no_bits`, or
// `best_cells`: the optimal moves as a cell mask). Read by `build.rs`, which solves each, and
// by `src/games/mod.rs`, which serves each table.
games! {
    tictactoe "tictactoe" "tictactoe/rules.rs" Board TICTACTOE best_cells;
    misere "misere" "misere.rs" Misere MISERE no_bits;
    hexapawn "hexapawn" "hexapawn.rs" Hexapawn HEXAPAWN no_bits;
    dodgem "dodgem" "dodgem.rs" Dodgem DODGEM no_bits;
}
