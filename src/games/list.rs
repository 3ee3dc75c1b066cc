// The games solved at compile time besides tic-tac-toe, one line each: the module, its
// file in src/games/ (one file of rules per game), its position type and its table's name. Read by
// `build.rs`, which solves each, and by `src/games/mod.rs`, which serves each table.
games! {
    misere "misere.rs" Misere MISERE;
    hexapawn "hexapawn.rs" Hexapawn HEXAPAWN;
    dodgem "dodgem.rs" Dodgem DODGEM;
}
