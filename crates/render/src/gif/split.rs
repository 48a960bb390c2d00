//! One picture's compression cut into row bands, so that idle threads can
//! take some of them (see [`Offload`]).
//!
//! The bands depend only on the picture's size, each is compressed from a
//! fresh dictionary, and they are joined in order, so the GIF is the same
//! bytes however the work was shared. Threads claim bands from a counter;
//! the caller claims too and then waits only for bands another thread is
//! already compressing, so an offer that nobody takes costs nothing.

use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use super::lzw::{self, Segment};
use crate::offload::Offload;

/// Pixels per band, about. A band starts with an empty dictionary (LZW
/// clears its dictionary every hundred thousand pixels or so anyway): a
/// 720 px board (518,400 pixels) makes two bands, one for each core of a
/// two-core server, a 400 px one stays whole. Over the corpus's 720 px
/// GIFs with inside coordinates (64 colours), two bands made the LZW data
/// 0.8% smaller than four (none more than 3.1% larger), and cost a
/// server with more idle cores some of its help on one request.
const BAND_PIXELS: usize = 262_144;

/// At most this many bands: enough for the cores a server has idle.
const MAX_BANDS: usize = 8;

/// The pixel ranges of the bands of `pixels` pixels in rows of `width`:
/// whole rows, as even as rows allow (a last partial row, which callers
/// do not make, goes with the last band).
fn bands(width: usize, pixels: usize) -> Vec<Range<usize>> {
    let height = pixels.checked_div(width).unwrap_or(0);
    let count = ((pixels + BAND_PIXELS / 2) / BAND_PIXELS)
        .clamp(1, MAX_BANDS)
        .min(height.max(1));
    let mut bands: Vec<Range<usize>> = (0..count)
        .map(|k| (k * height / count) * width..((k + 1) * height / count) * width)
        .collect();
    if let Some(last) = bands.last_mut() {
        last.end = pixels;
    }
    bands
}

/// `indices` (a picture `width` pixels wide, each index below `colors`)
/// compressed on this thread alone: the LZW data that
/// `write_lzw_pre_encoded_frame` takes.
pub fn compress(indices: &[u8], width: usize, colors: usize) -> Vec<u8> {
    let min_code_size = lzw::min_code_size(colors);
    let segments: Vec<Segment> = bands(width, indices.len())
        .into_iter()
        .map(|band| lzw::segment(&indices[band], min_code_size))
        .collect();
    lzw::join(min_code_size, &segments)
}

/// The same bytes as [`compress`], with bands offered to `offload`.
pub fn compress_shared(
    indices: Arc<Vec<u8>>,
    width: usize,
    colors: usize,
    offload: &dyn Offload,
) -> Vec<u8> {
    let min_code_size = lzw::min_code_size(colors);
    let bands = bands(width, indices.len());
    if bands.len() == 1 {
        return lzw::join(min_code_size, &[lzw::segment(&indices, min_code_size)]);
    }
    let job = Arc::new(Job {
        done: Mutex::new(vec![None; bands.len()]),
        indices,
        bands,
        min_code_size,
        claimed: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
    });
    // One offer per band beyond the caller's first: as many helpers as
    // are idle, up to one per band.
    for _ in 1..job.bands.len() {
        let job = Arc::clone(&job);
        offload.offer(Box::new(move || {
            // A defect in a helper must not leave the caller waiting: the
            // band counts as finished without a result, and the caller
            // compresses it again itself.
            let _ = catch_unwind(AssertUnwindSafe(|| job.work()));
        }));
    }
    job.work();
    // Bands other threads claimed are being compressed right now: wait,
    // yielding the core to them.
    let mut spins = 0u32;
    while job.finished.load(Ordering::Acquire) < job.bands.len() {
        if spins < 64 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
    let done = std::mem::take(&mut *job.done.lock().unwrap_or_else(PoisonError::into_inner));
    let segments: Vec<Segment> = done
        .into_iter()
        .zip(&job.bands)
        .map(|(segment, band)| {
            segment.unwrap_or_else(|| lzw::segment(&job.indices[band.clone()], min_code_size))
        })
        .collect();
    lzw::join(min_code_size, &segments)
}

/// The bands of one picture, shared by the threads compressing them.
struct Job {
    indices: Arc<Vec<u8>>,
    bands: Vec<Range<usize>>,
    min_code_size: u8,
    /// Bands claimed so far (may pass `bands.len()`).
    claimed: AtomicUsize,
    /// Bands finished, with or without a result.
    finished: AtomicUsize,
    done: Mutex<Vec<Option<Segment>>>,
}

impl Job {
    /// Compresses unclaimed bands until none is left.
    fn work(&self) {
        loop {
            let k = self.claimed.fetch_add(1, Ordering::Relaxed);
            let Some(band) = self.bands.get(k) else {
                return;
            };
            // Counts the band finished even if compressing it panics.
            let _finish = Finish(&self.finished);
            let segment = lzw::segment(&self.indices[band.clone()], self.min_code_size);
            self.done.lock().unwrap_or_else(PoisonError::into_inner)[k] = Some(segment);
        }
    }
}

/// Adds one to a counter when dropped, on return or unwinding alike.
struct Finish<'a>(&'a AtomicUsize);

impl Drop for Finish<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// Runs every task on a thread of its own.
    struct Threads;

    impl Offload for Threads {
        fn offer(&self, task: Box<dyn FnOnce() + Send>) {
            std::thread::spawn(task);
        }
    }

    /// Never runs a task: every thread is busy.
    struct Busy;

    impl Offload for Busy {
        fn offer(&self, _task: Box<dyn FnOnce() + Send>) {}
    }

    /// Keeps the tasks, to run once the picture is done.
    struct Late(Mutex<Vec<Box<dyn FnOnce() + Send>>>);

    impl Offload for Late {
        fn offer(&self, task: Box<dyn FnOnce() + Send>) {
            self.0.lock().unwrap().push(task);
        }
    }

    /// Runs every task on a thread that waits until the caller has
    /// claimed its first band, so helper and caller overlap.
    struct Racing(Mutex<Vec<mpsc::Sender<()>>>);

    impl Offload for Racing {
        fn offer(&self, task: Box<dyn FnOnce() + Send>) {
            let (go, wait) = mpsc::channel::<()>();
            self.0.lock().unwrap().push(go);
            std::thread::spawn(move || {
                let _ = wait.recv();
                task();
            });
        }
    }

    /// A board-like picture: squares, and busy "pieces" on some of them.
    fn picture(width: usize, height: usize, colors: u8) -> Vec<u8> {
        let mut rng = crate::test_support::Xorshift(12345);
        (0..width * height)
            .map(|i| {
                let (x, y) = (i % width, i / width);
                let square = ((x / 45 + y / 45) % 2) as u8;
                let seed = rng.next();
                if (x % 45 > 10 && x % 45 < 35) && (y / 45) % 3 != 1 && !seed.is_multiple_of(4) {
                    2 + (seed % u32::from(colors - 2)) as u8
                } else {
                    square
                }
            })
            .collect()
    }

    fn decode(lzw_data: &[u8], width: u16, height: u16, colors: usize) -> Vec<u8> {
        let palette: Vec<u8> = (0..colors * 3).map(|i| i as u8).collect();
        let mut gif = Vec::new();
        {
            let mut encoder = ::gif::Encoder::new(&mut gif, width, height, &palette).unwrap();
            let frame = ::gif::Frame {
                width,
                height,
                buffer: lzw_data.to_vec().into(),
                ..::gif::Frame::default()
            };
            encoder.write_lzw_pre_encoded_frame(&frame).unwrap();
        }
        let mut options = ::gif::DecodeOptions::new();
        options.set_color_output(::gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&gif[..]).unwrap();
        decoder.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    #[test]
    fn shared_compression_makes_the_same_bytes_whoever_helps() {
        for (w, h, colors) in [(720, 720, 40), (900, 500, 7), (400, 380, 100)] {
            let indices = picture(w, h, colors);
            let alone = compress(&indices, w, usize::from(colors));
            assert_eq!(
                decode(&alone, w as u16, h as u16, usize::from(colors)),
                indices
            );
            let shared = Arc::new(indices);
            let with = |offload: &dyn Offload| {
                compress_shared(Arc::clone(&shared), w, usize::from(colors), offload)
            };
            assert!(with(&Threads) == alone, "{w}×{h}: threads");
            assert!(with(&Busy) == alone, "{w}×{h}: busy");
            let late = Late(Mutex::new(Vec::new()));
            assert!(with(&late) == alone, "{w}×{h}: late");
            // Tasks that start after the picture is done find nothing to do.
            for task in late.0.into_inner().unwrap() {
                task();
            }
            let racing = Racing(Mutex::new(Vec::new()));
            let bytes = std::thread::scope(|s| {
                let result = s.spawn(|| with(&racing));
                // Release the helpers as soon as they are offered work.
                loop {
                    for go in racing.0.lock().unwrap().drain(..) {
                        let _ = go.send(());
                    }
                    if result.is_finished() {
                        break result.join().unwrap();
                    }
                    std::thread::yield_now();
                }
            });
            assert!(bytes == alone, "{w}×{h}: racing");
        }
    }

    #[test]
    fn bands_cover_every_row_once() {
        for (w, pixels) in [
            (720, 720 * 720),
            (400, 400 * 380),
            (1, 1),
            (3, 0),
            (0, 0),
            (2000, 6000),
            (64, 64 * 64),
            (700, 700 * 700 + 5),
        ] {
            let bands = bands(w, pixels);
            assert!(!bands.is_empty());
            assert_eq!(bands[0].start, 0);
            assert_eq!(bands.last().unwrap().end, pixels, "{w}: every pixel");
            for pair in bands.windows(2) {
                assert_eq!(pair[0].end, pair[1].start);
                assert_eq!(pair[0].end % w.max(1), 0, "{w}: whole rows");
            }
        }
        assert_eq!(bands(720, 720 * 720).len(), 2);
        assert_eq!(bands(2048, 2048 * 2048).len(), 8);
        assert_eq!(bands(400, 400 * 380).len(), 1);
        assert_eq!(bands(64, 64).len(), 1);
    }
}
