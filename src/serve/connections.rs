//! The open connections: how many may be open, which of them to close when
//! a new client arrives at the limit, and closing them all on shutdown.
//!
//! A keep-alive connection holds its place until it closes, so without
//! this a flood of busy or idle connections kept new clients waiting in
//! the kernel's backlog for as long as they liked. At the limit, a new
//! client makes one open connection close: the idle one (no request being
//! answered: between requests, or a head still arriving) that has been
//! quiet longest, closed at once, but never one that has just connected
//! (its head is on its way); else the busy one whose request started
//! first, after its answer (a body still arriving is not waited for). A
//! client in steady use was active a moment ago, so slowloris heads and
//! forgotten keep-alive connections go first. The new client gets the
//! place if it frees within [`ADMIT_WAIT`], and a quick `503` otherwise.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{watch, OwnedSemaphorePermit, Semaphore};

/// How long a client that arrived at the limit waits for a place before it
/// is answered `503`.
pub const ADMIT_WAIT: Duration = Duration::from_millis(500);

/// How long a new connection is spared when room is made: its request
/// head is on its way (a client writes it right after connecting), and
/// closing it then would reset a client that just got its place, while a
/// busy connection could have made room after its answer.
const FRESH: Duration = Duration::from_millis(100);

/// The answer for a client no place could be made for.
const REFUSAL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: text/plain; charset=utf-8\r\nx-content-type-options: nosniff\r\n\
retry-after: 1\r\ncache-control: no-store\r\n\
connection: close\r\ncontent-length: 36\r\n\r\ntoo many connections; retry shortly\n";

/// The open connections and the places for more.
pub struct Connections {
    /// One permit per open connection (`--max-connections`).
    places: Arc<Semaphore>,
    /// Clients waiting for a place or being refused: bounded too, so a
    /// flood beyond it is closed at once.
    waiting: Arc<Semaphore>,
    open: Mutex<Vec<Arc<Conn>>>,
    next_id: AtomicU64,
    /// The clock of [`Conn::last_active`].
    epoch: Instant,
}

/// One open connection, as the others see it.
pub struct Conn {
    id: u64,
    /// Requests being answered (0: idle between requests).
    busy: AtomicUsize,
    /// When a request last started or ended (or the connection opened), in
    /// milliseconds since the list was made.
    last_active: AtomicU64,
    /// Asked to close already.
    closing: AtomicBool,
    /// How the connection is asked to close; its task and a body being
    /// read watch it.
    close: watch::Sender<Close>,
    /// The list's clock.
    epoch: Instant,
}

/// How a connection is asked to close.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Close {
    /// Stay open.
    No,
    /// After the answer in flight; a body still arriving is not waited
    /// for, unless the server is draining and it keeps coming (`body.rs`).
    AfterAnswer,
    /// Now, whatever it is doing (it is idle, or the drain is over).
    Now,
}

impl Conn {
    /// A request has started; the guard marks its end.
    pub fn start_request(self: &Arc<Self>) -> Busy {
        self.touch();
        self.busy.fetch_add(1, Ordering::Relaxed);
        Busy(Arc::clone(self))
    }

    fn touch(&self) {
        let now = self.epoch.elapsed().as_millis() as u64;
        self.last_active.store(now, Ordering::Relaxed);
    }

    /// Watches how this connection is asked to close.
    pub fn close_requests(&self) -> watch::Receiver<Close> {
        self.close.subscribe()
    }

    fn ask_to_close(&self, how: Close) {
        self.closing.store(true, Ordering::Relaxed);
        self.close.send_if_modified(|c| {
            let raise = how > *c;
            if raise {
                *c = how;
            }
            raise
        });
    }
}

/// A request in flight on a [`Conn`].
pub struct Busy(Arc<Conn>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::Relaxed);
        self.0.touch();
    }
}

/// A connection's place: leaves the list and frees the place when dropped.
pub struct Place {
    conn: Arc<Conn>,
    connections: Arc<Connections>,
    _permit: OwnedSemaphorePermit,
}

impl Place {
    /// The connection this place is for.
    pub fn conn(&self) -> &Arc<Conn> {
        &self.conn
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut open = self.connections.lock();
        if let Some(i) = open.iter().position(|c| c.id == self.conn.id) {
            open.swap_remove(i);
        }
    }
}

/// What to do with a client just accepted.
pub enum Admission {
    /// Serve it.
    Open(Place),
    /// At the limit: [`Connections::wait_for_place`] on a task of its own.
    Wait(OwnedSemaphorePermit),
    /// Too many clients are waiting already: close it.
    Drop,
}

impl Connections {
    /// Room for `max` open connections and as many clients waiting.
    pub fn new(max: usize) -> Arc<Connections> {
        Arc::new(Connections {
            places: Arc::new(Semaphore::new(max.max(1))),
            waiting: Arc::new(Semaphore::new(max.clamp(16, 1024))),
            open: Mutex::new(Vec::new()),
            next_id: AtomicU64::new(0),
            epoch: Instant::now(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Conn>>> {
        // A panic while holding the lock leaves a list that is still whole.
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Decides for a client just accepted, without waiting.
    pub fn admit(self: &Arc<Self>) -> Admission {
        if let Ok(permit) = Arc::clone(&self.places).try_acquire_owned() {
            return Admission::Open(self.place(permit));
        }
        match Arc::clone(&self.waiting).try_acquire_owned() {
            Ok(w) => Admission::Wait(w),
            Err(_) => Admission::Drop,
        }
    }

    /// For a client that arrived at the limit: asks one open connection to
    /// close and waits up to [`ADMIT_WAIT`] for its place (places go to
    /// waiting clients in the order they came).
    pub async fn wait_for_place(self: &Arc<Self>) -> Option<Place> {
        self.make_room();
        let permit = tokio::time::timeout(ADMIT_WAIT, Arc::clone(&self.places).acquire_owned())
            .await
            .ok()?
            .ok()?;
        Some(self.place(permit))
    }

    fn place(self: &Arc<Self>, permit: OwnedSemaphorePermit) -> Place {
        let conn = Arc::new(Conn {
            id: self.next_id.fetch_add(1, Ordering::Relaxed),
            busy: AtomicUsize::new(0),
            last_active: AtomicU64::new(self.epoch.elapsed().as_millis() as u64),
            closing: AtomicBool::new(false),
            close: watch::Sender::new(Close::No),
            epoch: self.epoch,
        });
        self.lock().push(Arc::clone(&conn));
        Place {
            conn,
            connections: Arc::clone(self),
            _permit: permit,
        }
    }

    /// Asks one connection to close: the idle one quiet longest (and at
    /// least [`FRESH`]), at once, or else the busy one whose request
    /// started first, after its answer.
    fn make_room(&self) {
        let open = self.lock();
        let candidates = || open.iter().filter(|c| !c.closing.load(Ordering::Relaxed));
        let quiet = |c: &&Arc<Conn>| c.last_active.load(Ordering::Relaxed);
        let now = self.epoch.elapsed().as_millis() as u64;
        let settled = |c: &&Arc<Conn>| now.saturating_sub(quiet(c)) >= FRESH.as_millis() as u64;
        let idle = candidates()
            .filter(|c| c.busy.load(Ordering::Relaxed) == 0)
            .filter(settled)
            .min_by_key(quiet);
        match idle {
            Some(c) => c.ask_to_close(Close::Now),
            None => {
                if let Some(c) = candidates().min_by_key(quiet) {
                    c.ask_to_close(Close::AfterAnswer)
                }
            }
        }
    }

    /// Asks every open connection to close after its answer: the start of
    /// a graceful shutdown (hyper closes the idle ones at once).
    pub fn close_all(&self) {
        for c in self.lock().iter() {
            c.ask_to_close(Close::AfterAnswer);
        }
    }

    /// Closes every connection with no request being answered, whatever it
    /// is doing: during a drain, after a head that was under way has had
    /// its moment to arrive.
    pub fn close_idle_now(&self) {
        for c in self.lock().iter() {
            if c.busy.load(Ordering::Relaxed) == 0 {
                c.ask_to_close(Close::Now);
            }
        }
    }

    /// How many connections are open.
    pub fn open(&self) -> usize {
        self.lock().len()
    }
}

/// Answers a client no place could be made for with a `503` and closes,
/// reading (and dropping) what it sent for a moment first: closing a socket
/// with unread input resets it, and the client might lose the answer.
pub async fn refuse(mut stream: TcpStream) {
    let second = Duration::from_secs(1);
    if tokio::time::timeout(second, stream.write_all(REFUSAL))
        .await
        .is_err()
    {
        return;
    }
    let _ = stream.shutdown().await;
    let mut sink = [0u8; 4096];
    let drain = async {
        let mut total = 0;
        while total < 64 * 1024 {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => total += n,
            }
        }
    };
    let _ = tokio::time::timeout(second, drain).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_is_one_complete_response() {
        let text = std::str::from_utf8(REFUSAL).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 "));
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(body.len(), length);
    }

    #[tokio::test(flavor = "current_thread")]
    async fn at_the_limit_the_idle_connection_quiet_longest_closes_first() {
        let connections = Connections::new(3);
        let place = |c: &Arc<Connections>| match c.admit() {
            Admission::Open(p) => p,
            _ => panic!("a place"),
        };
        let busy = place(&connections);
        let _request = busy.conn().start_request();
        let quiet = place(&connections);
        tokio::time::sleep(FRESH + Duration::from_millis(20)).await;
        let recent = place(&connections);
        drop(recent.conn().start_request());
        let Admission::Wait(_w) = connections.admit() else {
            panic!("the fourth waits")
        };
        let mut quiet_rx = quiet.conn().close_requests();
        connections.make_room();
        assert_eq!(*quiet_rx.borrow_and_update(), Close::Now);
        assert_eq!(*recent.conn().close_requests().borrow(), Close::No);
        assert_eq!(*busy.conn().close_requests().borrow(), Close::No);
        // The other idle one is fresh (its head may be on its way): the
        // busy one makes room after its answer instead.
        connections.make_room();
        assert_eq!(*recent.conn().close_requests().borrow(), Close::No);
        assert_eq!(*busy.conn().close_requests().borrow(), Close::AfterAnswer);
        // Once it has been quiet a while, it is closed.
        tokio::time::sleep(FRESH + Duration::from_millis(20)).await;
        connections.make_room();
        assert_eq!(*recent.conn().close_requests().borrow(), Close::Now);
        drop(quiet);
        assert_eq!(connections.open(), 2);
        assert!(connections.wait_for_place().await.is_some());
    }
}
