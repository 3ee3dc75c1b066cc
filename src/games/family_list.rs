// Every family of games, one line each: its module in src/games/, its rules file (the one
// file build.rs compiles), its position type, and the sizes compiled into the build, each
// as its table's name, the file stem build.rs writes it to, and the size's parameters in
// the naming syntax (`src/games/mod.rs` documents it); then, after `also`, a table of
// list.rs that is this family at a size, or after `fixed`, games of list.rs by name (each a
// type of its own with the same rules and notation) and the sizes they are. Every other
// size is solved on first
// use, in memory: the default sizes of every family here in well under a second
// (benches/HISTORY.md 12), so only a few sizes are compiled in, to keep the build script within
// a fifth of its time before the families came.
// Read by `build.rs`, which solves each compiled size into a binary table, and by
// `src/games/mod.rs`, which serves them.
families! {
    mnk "mnk.rs" Mnk [MNK_3_3_3 "mnk_3_3_3" "m=3,n=3,k=3"];
    nim "nim.rs" Nim [NIM_1_3_5_7 "nim_1_3_5_7" "piles=1-3-5-7,misere=false"];
    domineering "domineering.rs" Domineering [];
    clobber "clobber.rs" Clobber [];
    breakthrough "breakthrough.rs" Breakthrough [];
    hex "hex.rs" Hex [];
    dots_and_boxes "dots_and_boxes.rs" DotsAndBoxes [
        DOTS_AND_BOXES_2X2 "dots_and_boxes_2x2" "rows=2,columns=2",
    ];
    kalah "kalah.rs" Kalah [];
    othello "othello.rs" Othello [];
    // Connect Four's rules at every size: the fixed sizes of list.rs (`connect4-4x4`...)
    // are its `Connect4<W, H>`, the family its `ConnectFour`; the family at those sizes
    // answers from their tables (`fixed [NAME "size"]`: a game of list.rs, not solved again).
    connect4 "connect4.rs" ConnectFour [] fixed [
        "connect4-4x4" "rows=4,columns=4,x_in_row=4",
        #[cfg(feature = "large-games")] "connect4-5x4" "rows=4,columns=5,x_in_row=4",
        #[cfg(feature = "large-games")] "connect4-4x5" "rows=5,columns=4,x_in_row=4",
    ];
    // Hexapawn's and Dodgem's rules at every size: the games of one size `hexapawn` and
    // `dodgem` of list.rs are these families at their default sizes, whose tables serve
    // the families there too (`also TABLE "size"`: a table of list.rs, not built again).
    hexapawn "hexapawn.rs" Hexapawn [] also HEXAPAWN "rows=3,columns=3";
    dodgem "dodgem.rs" Dodgem [] also DODGEM "n=3";
    toads_and_frogs "toads_and_frogs.rs" ToadsAndFrogs [];
    dobutsu "dobutsu.rs" Dobutsu [];
}
