//! A connection whose writes give up when the client stops reading: hyper
//! has a timeout for reading request heads but none for writing, so a
//! client that requests images and never reads them would hold its
//! connection (and the response's memory) for ever.

use std::future::Future as _;
use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use std::time::Duration;

use hyper::rt::{Read, ReadBufCursor, Write};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio::time::{sleep, Sleep};

/// A TCP connection for hyper whose writes fail with `TimedOut` after
/// `timeout` without progress.
pub struct TimedIo {
    inner: TokioIo<TcpStream>,
    timeout: Duration,
    /// Armed while a write is waiting for the client to read.
    stall: Option<Pin<Box<Sleep>>>,
}

impl TimedIo {
    /// Wraps `stream`.
    pub fn new(stream: TcpStream, timeout: Duration) -> TimedIo {
        TimedIo {
            inner: TokioIo::new(stream),
            timeout,
            stall: None,
        }
    }

    /// Turns a pending write into an error once the stall outlasts the
    /// timeout; any progress disarms it.
    fn watch<T>(
        &mut self,
        cx: &mut Context<'_>,
        result: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match result {
            Poll::Pending => {
                let timeout = self.timeout;
                let stall = self.stall.get_or_insert_with(|| Box::pin(sleep(timeout)));
                ready!(stall.as_mut().poll(cx));
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client stopped reading",
                )))
            }
            done => {
                self.stall = None;
                done
            }
        }
    }
}

impl Read for TimedIo {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: ReadBufCursor<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl Write for TimedIo {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.watch(cx, result)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.watch(cx, result)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_flush(cx);
        this.watch(cx, result)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let result = Pin::new(&mut this.inner).poll_shutdown(cx);
        this.watch(cx, result)
    }
}
