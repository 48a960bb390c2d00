//! Reading a request body (`POST /game.gif`, the only endpoint that takes
//! one): at most `--max-body` bytes, all of it within `--body-timeout` of
//! the head, and what happens to a body still arriving when the server
//! starts draining or the connection's place is wanted.
//!
//! A drain finishes what it accepted, as nginx and hyper do: a body whose
//! head came before SIGTERM is read and answered, as long as it keeps
//! arriving. One that stalls for [`DRAIN_STALL`] after the signal is not
//! waited for (`503`): a client that stopped sending must not hold the
//! drain for its whole body timeout. A connection asked to make room for a
//! new client (outside a drain) does not wait for its body at all.
//!
//! Cost: one copy of the body's bytes as they arrive, bounded by
//! `--max-body`; no work per byte beyond that.

use std::time::Duration;

use axum::body::{Body, Bytes};
use http_body_util::{BodyExt as _, LengthLimitError, Limited};
use tokio::sync::watch;
use tokio::time::Instant;

use super::connections::Close;

/// How long a body may go without a byte once the server is draining
/// before it is given up (the same moment a drain gives a request head
/// under way).
pub const DRAIN_STALL: Duration = Duration::from_secs(1);

/// Why a request body was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum BodyError {
    /// Over `--max-body`.
    TooLarge,
    /// Not all there within `--body-timeout`.
    Slow,
    /// The connection's place is wanted by a new client, or the server is
    /// draining and the body stopped arriving: it is not waited for.
    ShuttingDown,
    /// The connection failed or the framing was bad.
    Broken,
}

/// How the connection a request came on is asked to close, for a handler
/// that reads a body (whether to wait for the rest, see [`read`]); put in
/// the request's extensions by the router.
#[derive(Clone)]
pub struct CloseRequests(pub watch::Receiver<Close>);

/// What bounds one body's reading.
pub struct BodyLimits {
    /// `--max-body`.
    pub max_bytes: usize,
    /// `--body-timeout`, from the end of the head.
    pub timeout: Duration,
    /// Turns true when the server starts draining.
    pub draining: watch::Receiver<bool>,
    /// How the request's connection is asked to close.
    pub close: watch::Receiver<Close>,
}

/// The whole body, bounded in size and time (see the module's header for
/// what a drain does to it).
pub async fn read(body: Body, limits: BodyLimits) -> Result<Bytes, BodyError> {
    let BodyLimits {
        max_bytes,
        timeout,
        mut draining,
        mut close,
    } = limits;
    // Read beside the one the select waits on.
    let drain_flag = draining.clone();
    let until = Instant::now() + timeout;
    let mut body = Limited::new(body, max_bytes);
    let mut bytes: Vec<u8> = Vec::new();
    // Since when the server has been draining, and the last byte's time:
    // a drain cuts a body that has been quiet for DRAIN_STALL since both.
    let mut drain_started: Option<Instant> = draining.borrow().then(Instant::now);
    let mut last_progress = Instant::now();
    loop {
        let stall_at = drain_started.map(|started| started.max(last_progress) + DRAIN_STALL);
        tokio::select! {
            frame = body.frame() => match frame {
                None => return Ok(Bytes::from(bytes)),
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        bytes.extend_from_slice(&data);
                        last_progress = Instant::now();
                    }
                }
                Some(Err(e)) if e.is::<LengthLimitError>() => return Err(BodyError::TooLarge),
                Some(Err(_)) => return Err(BodyError::Broken),
            },
            _ = tokio::time::sleep_until(until) => return Err(BodyError::Slow),
            _ = sleep_until_some(stall_at) => return Err(BodyError::ShuttingDown),
            _ = draining.wait_for(|d| *d), if drain_started.is_none() => {
                drain_started = Some(Instant::now());
            }
            // The drain asks every connection to close after its answer;
            // outside a drain, the place is wanted by a new client.
            asked = close.wait_for(|c| *c != Close::No), if drain_started.is_none() => {
                let how = asked.map(|c| *c).unwrap_or(Close::Now);
                if how == Close::Now || !*drain_flag.borrow() {
                    return Err(BodyError::ShuttingDown);
                }
                drain_started = Some(Instant::now());
            }
        }
    }
}

/// Completes at `at`, or never for `None`.
async fn sleep_until_some(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::pin::Pin;
    use std::task::{Context, Poll};

    use hyper::body::Frame;
    use tokio::sync::mpsc;

    /// A body the test sends chunk by chunk; it ends when the sender is
    /// dropped.
    struct Fed(mpsc::UnboundedReceiver<&'static [u8]>);

    impl hyper::body::Body for Fed {
        type Data = Bytes;
        type Error = std::io::Error;

        fn poll_frame(
            mut self: Pin<&mut Self>,
            cx: &mut Context<'_>,
        ) -> Poll<Option<Result<Frame<Bytes>, std::io::Error>>> {
            self.0
                .poll_recv(cx)
                .map(|chunk| chunk.map(|c| Ok(Frame::data(Bytes::from_static(c)))))
        }
    }

    struct Setup {
        chunks: mpsc::UnboundedSender<&'static [u8]>,
        drain: watch::Sender<bool>,
        close: watch::Sender<Close>,
        reading: tokio::task::JoinHandle<Result<Bytes, BodyError>>,
    }

    /// Starts reading a fed body with these limits.
    fn start(max_bytes: usize, timeout: Duration) -> Setup {
        let (chunks, rx) = mpsc::unbounded_channel();
        let (drain, draining) = watch::channel(false);
        let (close, close_rx) = watch::channel(Close::No);
        let limits = BodyLimits {
            max_bytes,
            timeout,
            draining,
            close: close_rx,
        };
        let reading = tokio::spawn(read(Body::new(Fed(rx)), limits));
        Setup {
            chunks,
            drain,
            close,
            reading,
        }
    }

    const LONG: Duration = Duration::from_secs(60);

    #[tokio::test(flavor = "current_thread")]
    async fn reads_a_body_in_chunks_within_its_limit() {
        let s = start(6, LONG);
        s.chunks.send(b"abc").unwrap();
        s.chunks.send(b"def").unwrap();
        drop(s.chunks);
        assert_eq!(s.reading.await.unwrap().unwrap(), &b"abcdef"[..]);
        let s = start(5, LONG);
        s.chunks.send(b"abc").unwrap();
        s.chunks.send(b"def").unwrap();
        assert_eq!(s.reading.await.unwrap(), Err(BodyError::TooLarge));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_body_not_all_there_in_time_is_slow() {
        let s = start(100, Duration::from_millis(50));
        s.chunks.send(b"abc").unwrap();
        assert_eq!(s.reading.await.unwrap(), Err(BodyError::Slow));
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_drain_reads_a_body_that_keeps_arriving() {
        let s = start(100, LONG);
        s.chunks.send(b"head ").unwrap();
        tokio::task::yield_now().await;
        // The drain: the flag, then every connection asked to close after
        // its answer.
        s.drain.send_replace(true);
        s.close.send_replace(Close::AfterAnswer);
        for _ in 0..3 {
            tokio::time::sleep(DRAIN_STALL / 5).await;
            s.chunks.send(b"more ").unwrap();
        }
        drop(s.chunks);
        assert_eq!(
            s.reading.await.unwrap().unwrap(),
            &b"head more more more "[..]
        );
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_drain_gives_up_a_body_that_stopped_arriving() {
        let s = start(100, LONG);
        s.chunks.send(b"head ").unwrap();
        tokio::task::yield_now().await;
        s.drain.send_replace(true);
        s.close.send_replace(Close::AfterAnswer);
        // Nothing more is sent (the sender stays open).
        assert_eq!(s.reading.await.unwrap(), Err(BodyError::ShuttingDown));
        drop(s.chunks);
    }

    #[tokio::test(flavor = "current_thread")]
    async fn a_place_wanted_outside_a_drain_does_not_wait_for_the_body() {
        let s = start(100, LONG);
        s.chunks.send(b"head ").unwrap();
        tokio::task::yield_now().await;
        s.close.send_replace(Close::AfterAnswer);
        assert_eq!(s.reading.await.unwrap(), Err(BodyError::ShuttingDown));
        drop((s.chunks, s.drain));
    }
}
