//! The thread that has the engine: a search, which answers its `go` with
//! `bestmove`, or the filling of the hash table, which gives way to any
//! command that needs the engine.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use halma_engine::{Engine, EngineOptions, Limits, SearchEvent, SearchOptions};
use halma_rules::GameResult;

use super::report::{fill_line, final_line, info_line, progress_line};
use super::{send, Session};

/// A thread that has the engine: a search, or the filling of its hash table.
pub(super) struct Job {
    handle: JoinHandle<Engine>,
    stop: Arc<AtomicBool>,
    /// Set by a search thread just before it sends `bestmove`.
    done: Arc<AtomicBool>,
    /// A search answers its `go` with `bestmove` and makes other commands
    /// wait for `stop`; a fill (after `setoption name hash` and `newgame`)
    /// gives way to any command that needs the engine, and whatever is not
    /// filled then is filled by the next search.
    pub(super) kind: JobKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum JobKind {
    Search,
    Fill,
}

impl Session {
    pub(super) fn engine(&mut self) -> Result<&mut Engine, String> {
        if self.job.as_ref().is_some_and(|job| {
            // `bestmove` is out: the thread is returning the engine; a fill
            // gives way at once.
            job.kind == JobKind::Fill || job.done.load(Ordering::Acquire)
        }) {
            self.finish_job();
        }
        if self.job.is_some() {
            return Err("the engine is searching: send stop first".to_owned());
        }
        Ok(self
            .engine
            .as_mut()
            .expect("the engine is home when no job has it"))
    }

    /// Waits for the running job to end (after raising its stop flag).
    pub(super) fn finish_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            match job.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    send(&self.out, "error the search failed; the engine was reset");
                    self.engine = Some(Engine::new(EngineOptions::default()));
                }
            }
        }
    }

    /// Takes back the engine if its job has ended by itself.
    pub(super) fn reap(&mut self) {
        if self
            .job
            .as_ref()
            .is_some_and(|job| job.handle.is_finished())
        {
            self.finish_job();
        }
    }

    /// Fills the engine's hash table on a thread of its own, when it is not
    /// whole, so that the first search need not (the time to write a large
    /// table's memory: about a second per GiB).
    pub(super) fn fill_in_background(&mut self) {
        // A fill under way goes on; a search has the engine.
        if self.job.is_some() {
            return;
        }
        let Some(mut engine) = self.engine.take_if(|engine| !engine.table_is_whole()) else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            engine.fill_table(&flag);
            engine
        });
        self.job = Some(Job {
            handle,
            stop,
            done: Arc::new(AtomicBool::new(false)),
            kind: JobKind::Fill,
        });
    }

    /// An error when a search runs (which has the engine until `stop`).
    pub(super) fn not_searching(&mut self) -> Result<(), String> {
        if self
            .job
            .as_ref()
            .is_some_and(|job| job.kind == JobKind::Search)
        {
            self.engine()?;
        }
        Ok(())
    }

    pub(super) fn start_search(&mut self, limits: Limits, options: SearchOptions) {
        let mut engine = self.engine.take().expect("checked by the caller");
        let stop = Arc::new(AtomicBool::new(false));
        let out = self.out.clone();
        let game = self.game.clone();
        let flag = stop.clone();
        let done = Arc::new(AtomicBool::new(false));
        let finished = done.clone();
        let handle = std::thread::spawn(move || {
            if let GameResult::Won(winner) = game.result() {
                send(&out, &format!("info string game over: {winner} has won"));
                finished.store(true, Ordering::Release);
                send(&out, "bestmove none");
                return engine;
            }
            let (rules, position) = (game.rules(), game.position());
            let mut on_event = |event: SearchEvent<'_>| {
                let line = match event {
                    SearchEvent::Line(info) => info_line(rules, position, info),
                    SearchEvent::Progress(progress) => progress_line(rules, position, progress),
                    SearchEvent::TableFill(fill) => fill_line(fill),
                    // A kind of report this server does not know yet.
                    _ => return,
                };
                send(&out, &line);
            };
            let result = engine.search_with(&game, limits, &options, &flag, &mut on_event);
            let lines = match result {
                Ok(result) => match result.best_move.map(|mv| game.move_to_string(mv)) {
                    None => format!("{}\nbestmove none", final_line(rules, position, &result)),
                    Some(Ok(best)) => {
                        format!("{}\nbestmove {best}", final_line(rules, position, &result))
                    }
                    // A bug of the engine, but the controller still gets its one `bestmove`.
                    Some(Err(reason)) => format!(
                        "error go: the engine's best move is not legal: {reason}\nbestmove none"
                    ),
                },
                // The options were checked before: this is a bug, but the
                // controller still gets its one `bestmove`.
                Err(e) => format!("error go: {e}\nbestmove none"),
            };
            finished.store(true, Ordering::Release);
            // One write, so that nothing comes between the totals and `bestmove`.
            send(&out, &lines);
            engine
        });
        self.job = Some(Job {
            handle,
            stop,
            done,
            kind: JobKind::Search,
        });
    }
}
