//! The render pool: a fixed number of OS threads, each with its own
//! [`Renderer`], fed through a bounded queue. Async connection tasks never
//! render; they hand a job over and wait for its answer, so a slow client
//! never holds a render thread and a long render never holds the accept loop.
//!
//! Idle render threads also help the busy ones: a renderer offers parts of
//! a large GIF's compression ([`fen2img_render::Offload`]), and the offer is
//! queued only while some thread waits for work, so under load nothing is
//! offered and each request keeps to its own thread.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex, Weak};
use std::thread;
use std::time::Instant;

use fen2img_render::{Offload, RenderOptions, Renderer};
use tokio::sync::oneshot;

/// What a render thread keeps between jobs.
pub struct Worker {
    /// The renderer and the options key it was made for.
    renderer: Option<(String, Renderer)>,
    /// The pool's idle threads, for the renderer to offer work to.
    helpers: Arc<Helpers>,
}

impl Worker {
    /// This thread's renderer for `key`, made or re-optioned as needed
    /// (the frames of an animated game are drawn with it).
    pub fn renderer(
        &mut self,
        key: &str,
        options: impl FnOnce() -> RenderOptions,
    ) -> &mut Renderer {
        match &mut self.renderer {
            Some((k, renderer)) => {
                if k != key {
                    // New options on the same renderer: the piece sprites,
                    // backgrounds and tiles the two option sets share are
                    // kept.
                    key.clone_into(k);
                    renderer.set_options(options());
                }
                renderer
            }
            slot => {
                let mut renderer = Renderer::new(options());
                renderer.set_offload(Some(Arc::clone(&self.helpers) as Arc<dyn Offload>));
                &mut slot.insert((key.to_string(), renderer)).1
            }
        }
    }

    /// Drops the renderer when a large request grew its caches past
    /// [`KEPT_CACHE_BYTES`]: the next request builds what it needs afresh,
    /// and a thread never keeps what one huge board left behind.
    fn shed(&mut self) {
        if let Some((_, renderer)) = &self.renderer {
            if renderer.cached_bytes() > KEPT_CACHE_BYTES {
                self.renderer = None;
            }
        }
    }
}

/// The most bytes of drawn material (sprites, backgrounds, palette tiles)
/// a render thread keeps between requests: what the renderer's own cache
/// budgets add up to, so only a request whose single value overflows a
/// budget (2048 px with every square filled in its own colour) is dropped.
pub const KEPT_CACHE_BYTES: u64 = 40 << 20;

type Job = Box<dyn FnOnce(&mut Worker) + Send + 'static>;

/// Why a job was not queued.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// The queue is full: the client should retry later (503).
    Busy,
    /// The pool has stopped.
    Closed,
}

/// A bounded pool of render threads.
#[derive(Clone)]
pub struct Pool {
    /// The only strong reference: dropping every clone of the pool closes
    /// the queue and ends the threads.
    queue: Arc<SyncSender<Job>>,
}

/// The pool as an [`Offload`]: a task goes into the queue only while a
/// thread is waiting for work, so it starts at once or (when a request
/// got there first) finds its work done by the time it runs.
pub struct Helpers {
    queue: Weak<SyncSender<Job>>,
    /// Threads waiting for a job.
    idle: AtomicUsize,
    /// Offered tasks not yet started: one idle thread takes one, so no
    /// more are queued than there are threads to take them.
    pending: Arc<AtomicUsize>,
}

impl Offload for Helpers {
    fn offer(&self, task: Box<dyn FnOnce() + Send>) {
        // Racy by design: a wrong guess queues a task that finds nothing
        // to do, or drops one the caller then does itself.
        if self.idle.load(Ordering::Relaxed) <= self.pending.load(Ordering::Relaxed) {
            return;
        }
        let Some(queue) = self.queue.upgrade() else {
            return;
        };
        self.pending.fetch_add(1, Ordering::Relaxed);
        let pending = Arc::clone(&self.pending);
        let job: Job = Box::new(move |_: &mut Worker| {
            pending.fetch_sub(1, Ordering::Relaxed);
            task();
        });
        if queue.try_send(job).is_err() {
            // The queue is full, so no thread is idle after all.
            self.pending.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

impl Pool {
    /// Starts `threads` render threads (at least one) behind a queue of
    /// `queue` jobs waiting (beyond it, [`Refused::Busy`]).
    pub fn start(threads: usize, queue: usize) -> std::io::Result<Pool> {
        let (tx, rx) = sync_channel::<Job>(queue);
        let queue = Arc::new(tx);
        let helpers = Arc::new(Helpers {
            queue: Arc::downgrade(&queue),
            idle: AtomicUsize::new(0),
            pending: Arc::new(AtomicUsize::new(0)),
        });
        let rx = Arc::new(Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = Arc::clone(&rx);
            let helpers = Arc::clone(&helpers);
            thread::Builder::new()
                .name(format!("render-{i}"))
                .spawn(move || work(&rx, helpers))?;
        }
        Ok(Pool { queue })
    }

    /// Queues `job`, to run on a render thread unless `deadline` has passed
    /// by the time a thread takes it (then the receiver sees it dropped).
    pub fn submit<T, F>(&self, deadline: Instant, job: F) -> Result<oneshot::Receiver<T>, Refused>
    where
        T: Send + 'static,
        F: FnOnce(&mut Worker) -> T + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let boxed: Job = Box::new(move |worker: &mut Worker| {
            // The client has been answered 503 already: skip the work.
            if Instant::now() >= deadline || tx.is_closed() {
                return;
            }
            let _ = tx.send(job(worker));
        });
        match self.queue.try_send(boxed) {
            Ok(()) => Ok(rx),
            Err(TrySendError::Full(_)) => Err(Refused::Busy),
            Err(TrySendError::Disconnected(_)) => Err(Refused::Closed),
        }
    }
}

/// A render thread: takes jobs until the pool is dropped.
fn work(rx: &Mutex<Receiver<Job>>, helpers: Arc<Helpers>) {
    let mut worker = Worker {
        renderer: None,
        helpers,
    };
    loop {
        worker.helpers.idle.fetch_add(1, Ordering::Relaxed);
        // A poisoned lock only means another thread panicked while waiting;
        // the receiver itself is intact.
        let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
        worker.helpers.idle.fetch_sub(1, Ordering::Relaxed);
        let Ok(job) = job else {
            return;
        };
        // A defect in one render must not take the thread (and so the
        // server's capacity) with it: the job's sender is dropped, its
        // request answers 500, and the renderer starts afresh. Release
        // builds unwind for this (Cargo.toml's profile.release).
        if catch_unwind(AssertUnwindSafe(|| job(&mut worker))).is_err() {
            worker.renderer = None;
        }
        worker.shed();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn refuses_beyond_the_queue_and_runs_what_it_took() {
        let pool = Pool::start(1, 1).unwrap();
        let far = Instant::now() + Duration::from_secs(60);
        let (gate_tx, gate_rx) = std::sync::mpsc::channel::<()>();
        // Occupies the only thread until the gate opens.
        let first = pool
            .submit(far, move |_| {
                let _ = gate_rx.recv();
                1
            })
            .unwrap();
        // Wait until the thread has taken the first job off the queue.
        let mut second = None;
        for _ in 0..1000 {
            match pool.submit(far, |_| 2) {
                Ok(rx) => {
                    second = Some(rx);
                    break;
                }
                Err(Refused::Busy) => thread::sleep(Duration::from_millis(1)),
                Err(Refused::Closed) => panic!("pool closed"),
            }
        }
        let second = second.expect("the queue frees once the thread takes a job");
        assert_eq!(pool.submit(far, |_| 3).unwrap_err(), Refused::Busy);
        gate_tx.send(()).unwrap();
        assert_eq!(first.blocking_recv(), Ok(1));
        assert_eq!(second.blocking_recv(), Ok(2));
    }

    #[test]
    fn a_panicking_job_leaves_the_thread_working() {
        let pool = Pool::start(1, 4).unwrap();
        let far = Instant::now() + Duration::from_secs(60);
        let bad = pool.submit(far, |_| -> u8 { panic!("defect") }).unwrap();
        assert!(bad.blocking_recv().is_err());
        let good = pool.submit(far, |_| 7u8).unwrap();
        assert_eq!(good.blocking_recv(), Ok(7));
    }

    #[test]
    fn offers_go_to_idle_threads_and_are_dropped_when_all_are_busy() {
        let pool = Pool::start(2, 8).unwrap();
        let far = Instant::now() + Duration::from_secs(60);
        // The helpers, as a renderer on a render thread holds them.
        let helpers = pool
            .submit(far, |worker| Arc::clone(&worker.helpers))
            .unwrap()
            .blocking_recv()
            .unwrap();
        let wait_idle = |n: usize| {
            for _ in 0..1000 {
                if helpers.idle.load(Ordering::Relaxed) == n {
                    return;
                }
                thread::sleep(Duration::from_millis(1));
            }
            panic!("never {n} idle threads");
        };
        wait_idle(2);
        let (ran_tx, ran_rx) = std::sync::mpsc::channel::<u8>();
        let tx = ran_tx.clone();
        helpers.offer(Box::new(move || tx.send(1).unwrap()));
        assert_eq!(ran_rx.recv_timeout(Duration::from_secs(10)), Ok(1));

        // Both threads busy: an offer is dropped, not queued behind them.
        let (gate_tx, gate_rx) = std::sync::mpsc::channel::<()>();
        let gate_rx = Arc::new(Mutex::new(gate_rx));
        let mut busy = Vec::new();
        for _ in 0..2 {
            let gate = Arc::clone(&gate_rx);
            busy.push(
                pool.submit(far, move |_| {
                    let _ = gate.lock().unwrap().recv();
                })
                .unwrap(),
            );
        }
        wait_idle(0);
        let tx = ran_tx.clone();
        helpers.offer(Box::new(move || tx.send(2).unwrap()));
        gate_tx.send(()).unwrap();
        gate_tx.send(()).unwrap();
        for rx in busy {
            rx.blocking_recv().unwrap();
        }
        // Whatever was queued has run by the time a later job has.
        pool.submit(far, |_| ()).unwrap().blocking_recv().unwrap();
        pool.submit(far, |_| ()).unwrap().blocking_recv().unwrap();
        assert!(ran_rx.try_recv().is_err(), "the offer was queued");
    }

    #[test]
    fn expired_jobs_are_skipped() {
        let pool = Pool::start(1, 4).unwrap();
        let past = Instant::now();
        let rx = pool.submit(past, |_| 1).unwrap();
        assert!(rx.blocking_recv().is_err());
    }
}
