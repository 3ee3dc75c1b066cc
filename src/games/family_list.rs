// Every family of games, one line each: its module in src/games/, its rules file (the one
// file build.rs compiles), its position type, and the sizes compiled into the build, each
// as its table's name, the file stem build.rs writes it to, and the size's parameters in
// the naming syntax (`src/games/mod.rs` documents it). Every other size is solved on first
// use. Read by `build.rs`, which solves each compiled size into a binary table, and by
// `src/games/mod.rs`, which serves them.
families! {
    mnk "mnk.rs" Mnk [MNK_3_3_3 "mnk_3_3_3" "m=3,n=3,k=3"];
    nim "nim.rs" Nim [
        NIM_1_3_5_7 "nim_1_3_5_7" "piles=1-3-5-7,misere=false",
        MISERE_NIM_1_3_5_7 "misere_nim_1_3_5_7" "piles=1-3-5-7,misere=true",
    ];
    domineering "domineering.rs" Domineering [DOMINEERING_4X4 "domineering_4x4" "rows=4,columns=4"];
    clobber "clobber.rs" Clobber [CLOBBER_3X3 "clobber_3x3" "rows=3,columns=3"];
    breakthrough "breakthrough.rs" Breakthrough [BREAKTHROUGH_3X4 "breakthrough_3x4" "rows=3,columns=4"];
    hex "hex.rs" Hex [HEX_3X3 "hex_3x3" "rows=3,columns=3"];
    dots_and_boxes "dots_and_boxes.rs" DotsAndBoxes [
        DOTS_AND_BOXES_1X2 "dots_and_boxes_1x2" "rows=1,columns=2",
        DOTS_AND_BOXES_2X2 "dots_and_boxes_2x2" "rows=2,columns=2",
    ];
    kalah "kalah.rs" Kalah [KALAH_3_2 "kalah_3_2" "pits=3,seeds=2"];
    othello "othello.rs" Othello [OTHELLO_4X4 "othello_4x4" "rows=4,columns=4"];
}
