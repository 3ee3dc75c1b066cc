//! The disappearing-footholds game (Programmers 92345), solved exactly at run time.
