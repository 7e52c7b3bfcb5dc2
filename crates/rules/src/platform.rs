//! What the platform the library was compiled for offers: threads or not.
//!
//! WebAssembly without threads (`wasm32-unknown-unknown`, which browsers and
//! Node run, and WASI without the threads proposal) has no way to start a
//! thread: the standard library's `thread::spawn` panics there. Every entry
//! point that takes a thread count (perft here, the engine's
//! `Threads`, the solvers' `threads`) refuses more than one with a typed
//! error on such a platform instead, before any work starts; one thread
//! runs on the calling thread and works everywhere.

/// Whether this build can start threads: `false` on WebAssembly targets
/// without threads (`target_os = "unknown"`, or without the `atomics`
/// target feature), `true` everywhere else.
///
/// A constant, so that the checks against it cost nothing where threads
/// exist.
pub const THREADS_AVAILABLE: bool = !cfg!(all(
    target_family = "wasm",
    any(target_os = "unknown", not(target_feature = "atomics"))
));
