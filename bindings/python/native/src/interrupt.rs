//! Long native calls that Ctrl-C stops: the work runs on a thread of its
//! own while the calling thread, holding the GIL only for a moment every
//! [`POLL`], lets Python run its signal handlers. When one raises
//! (`KeyboardInterrupt` from SIGINT), the work's stop flag goes up, the
//! worker returns within milliseconds, and the exception propagates; the
//! game was never changed (the work reads a copy of its position).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::Duration;

use halma_rules::{PerftError, PerftMode, PerftOptions, PerftTable};
use pyo3::prelude::*;

use crate::errors::invalid;
use crate::handle::game;

/// How often the waiting thread checks for signals.
const POLL: Duration = Duration::from_millis(20);

/// The deepest perft run without a watcher thread: from any position of
/// the presets it finishes in well under a second.
const INLINE_DEPTH: u32 = 2;

/// Runs `work` on a worker thread, returning its result, or the exception
/// of a signal handler once `work` has seen its stop flag and returned.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&AtomicBool) -> T + Send,
) -> PyResult<T> {
    let stop = AtomicBool::new(false);
    let done: Mutex<Option<T>> = Mutex::new(None);
    let ready = Condvar::new();
    thread::scope(|scope| {
        scope.spawn(|| {
            let value = work(&stop);
            *done.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
            ready.notify_all();
        });
        loop {
            let finished = py.detach(|| {
                let guard = done.lock().unwrap_or_else(|e| e.into_inner());
                let (mut guard, _) = ready
                    .wait_timeout_while(guard, POLL, |value| value.is_none())
                    .unwrap_or_else(|e| e.into_inner());
                guard.take()
            });
            if let Some(value) = finished {
                return Ok(value);
            }
            if let Err(signal) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                // The worker sees the flag within milliseconds; the scope
                // joins it before returning.
                return Err(signal);
            }
        }
    })
}

/// perft of the game at `address`: `depth` plies; a transposition table of
/// `megabytes` MiB when not 0; `threads` threads; reply reuse when `reuse`.
/// Ctrl-C stops it (`KeyboardInterrupt`) within milliseconds.
#[pyfunction]
pub(crate) fn perft(
    py: Python<'_>,
    address: usize,
    depth: u32,
    megabytes: u32,
    threads: u32,
    reuse: bool,
) -> PyResult<u64> {
    let game = game(py, address)?;
    let rules = game.rules().clone();
    let position = game.position().clone();
    let mode = if reuse {
        PerftMode::ReuseReplies
    } else {
        PerftMode::Generate
    };
    let table = match megabytes {
        0 => None,
        size => Some(
            PerftTable::new(size as usize)
                .map_err(|error| invalid(py, format!("argument `megabytes`: {error}")))?,
        ),
    };
    let count = move |stop: &AtomicBool| {
        let mut table = table;
        rules.perft_with(
            &position,
            depth,
            PerftOptions::new()
                .threads(threads as usize)
                .table(table.as_mut())
                .mode(mode)
                .stop(stop),
        )
    };
    let outcome = if depth <= INLINE_DEPTH {
        count(&AtomicBool::new(false))
    } else {
        interruptible(py, count)?
    };
    outcome.map_err(|error| match error {
        PerftError::Stopped => invalid(py, "perft was stopped"),
        other => invalid(py, format!("argument `depth`: {other}")),
    })
}
