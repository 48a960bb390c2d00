//! What SIGINT, SIGTERM and SIGHUP do: remove every temporary and exit with
//! the code shells report (128 + the signal: 130, 143, 129). While batch
//! renders in graceful mode, the first signal only asks it to stop after the
//! files being written; a second one exits at once.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Once;

use super::cleanup;

/// Exit code for SIGINT (Ctrl-C), as shells report it: where the signal
/// cannot be told apart (Windows), every interrupt is this.
#[cfg(not(unix))]
const EXIT_SIGINT: u8 = 130;

/// Whether the first signal requests a stop instead of exiting.
static GRACEFUL: AtomicBool = AtomicBool::new(false);
/// The exit code of the first signal received in graceful mode (0: none).
static STOP: AtomicU8 = AtomicU8::new(0);

/// Starts listening for signals (once per process; later calls do nothing).
/// Called before the first temporary is created.
pub fn install() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(listen);
}

#[cfg(unix)]
fn listen() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;
    // If the listener cannot start, the default actions stay: the process
    // still stops on a signal, it only cannot clean up.
    let Ok(mut signals) = Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("fen2img-signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                on_signal(128 + signal as u8);
            }
        });
}

#[cfg(not(unix))]
fn listen() {
    let _ = ctrlc::set_handler(|| on_signal(EXIT_SIGINT));
}

fn on_signal(code: u8) {
    if GRACEFUL.load(Ordering::SeqCst)
        && STOP
            .compare_exchange(0, code, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    {
        return;
    }
    cleanup::remove_all_and_exit(code)
}

/// The exit code of the signal that asked for a stop, if one did.
pub fn stop_requested() -> Option<u8> {
    match STOP.load(Ordering::SeqCst) {
        0 => None,
        code => Some(code),
    }
}

/// Sets whether the first signal only requests a stop, until the guard drops
/// (then the previous mode returns). Batch renders in graceful mode and
/// waits for input in immediate mode: while waiting nothing is half done,
/// so waiting for the run to notice would only delay the exit.
pub fn mode(graceful: bool) -> ModeGuard {
    install();
    ModeGuard {
        previous: GRACEFUL.swap(graceful, Ordering::SeqCst),
    }
}

/// Restores the previous signal mode when dropped.
pub struct ModeGuard {
    previous: bool,
}

impl Drop for ModeGuard {
    fn drop(&mut self) {
        GRACEFUL.store(self.previous, Ordering::SeqCst);
    }
}
