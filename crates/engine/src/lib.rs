//! The Halma computer player (work in progress).
