//! The C ABI of halma (work in progress).
