//! Animated games as animated PNG (`--animate -o game.png`): decoded frame
//! by frame with the `png` crate and composed as a viewer shows them
//! (offsets, blend and dispose ops), every frame compared with the GIF's
//! same frame (drawn in the same game palette) and with the ply's still;
//! delays, frame count, changed rectangles, determinism; and, with PIL, a
//! second decoder's frames and durations.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::util::{assert_code, decode_png, gif_screens, scratch_dir, stderr};

use crate::util::fen2img;

fn run(args: &[&str]) -> Output {
    fen2img(args)
}

fn shilling() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games/shilling.pgn")
}

/// One decoded APNG frame's control: x, y, width, height, delay in
/// hundredths of a second, blend OVER, dispose op.
#[derive(Debug, Clone, Copy)]
struct Control {
    x: u32,
    y: u32,
    w: u32,
    h: u32,
    delay_cs: u32,
    over: bool,
    dispose: png::DisposeOp,
    /// Pixels the frame draws (not transparent-over-the-canvas).
    drawn: u32,
}

/// The APNG's size, each frame's control, and each frame composed as a
/// viewer shows it (RGBA, straight alpha).
fn compose(data: &[u8]) -> ((u32, u32), Vec<Control>, Vec<Vec<u8>>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(data));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let (w, h) = (reader.info().width, reader.info().height);
    let actl = reader.info().animation_control.expect("an acTL: animated");
    assert_eq!(actl.num_plays, 0, "loops forever");
    let mut canvas = vec![0u8; (w * h * 4) as usize];
    let mut controls = Vec::new();
    let mut shown = Vec::new();
    let mut buf = vec![0u8; reader.output_buffer_size().expect("a size")];
    for _ in 0..actl.num_frames {
        let info = reader.next_frame(&mut buf).expect("a frame");
        assert_eq!(
            info.color_type,
            png::ColorType::Rgba,
            "indexed + tRNS, expanded"
        );
        let fc = reader.info().frame_control.expect("an fcTL");
        let den = if fc.delay_den == 0 { 100 } else { fc.delay_den };
        assert_eq!(u32::from(fc.delay_num) * 100 % u32::from(den), 0);
        let control = Control {
            x: fc.x_offset,
            y: fc.y_offset,
            w: fc.width,
            h: fc.height,
            delay_cs: u32::from(fc.delay_num) * 100 / u32::from(den),
            over: fc.blend_op == png::BlendOp::Over,
            dispose: fc.dispose_op,
            drawn: 0,
        };
        let mut control = control;
        for (i, px) in buf[..info.buffer_size()].chunks_exact(4).enumerate() {
            let (fx, fy) = (i as u32 % fc.width, i as u32 / fc.width);
            let at = (((fc.y_offset + fy) * w + fc.x_offset + fx) * 4) as usize;
            if control.over {
                // OVER: transparent keeps the canvas, opaque replaces it;
                // the writer uses no other alpha with OVER.
                match px[3] {
                    0 => {}
                    255 => {
                        canvas[at..at + 4].copy_from_slice(px);
                        control.drawn += 1;
                    }
                    a => panic!("alpha {a} blended OVER"),
                }
            } else {
                canvas[at..at + 4].copy_from_slice(px);
                control.drawn += 1;
            }
        }
        assert_eq!(control.dispose, png::DisposeOp::None, "frames build up");
        controls.push(control);
        shown.push(canvas.clone());
    }
    ((w, h), controls, shown)
}

#[test]
fn every_frame_is_the_gif_s_frame_and_the_ply_s_still() {
    let dir = scratch_dir("apng-frames");
    let game = shilling();
    let game = game.to_str().unwrap();
    let apng_path = dir.join("game.png");
    let gif_path = dir.join("game.gif");
    let named_path = dir.join("game.apng");
    for path in [&apng_path, &gif_path, &named_path] {
        let out = run(&[
            game,
            "--animate",
            "--size",
            "240",
            "--last-delay",
            "2.5s",
            "-o",
            path.to_str().unwrap(),
        ]);
        assert_code(&out, 0);
    }
    let data = fs::read(&apng_path).unwrap();
    // `.apng` names the same file as `.png`.
    assert!(fs::read(&named_path).unwrap() == data, "game.apng differs");
    let ((w, h), controls, shown) = compose(&data);
    assert_eq!(shown.len(), 15, "the start and 14 plies");
    // The first frame whole, the later ones only what changed.
    let c0 = controls[0];
    assert_eq!((c0.x, c0.y, c0.w, c0.h), (0, 0, w, h));
    for (i, c) in controls.iter().enumerate().skip(1) {
        // The rectangle may reach from one player's clock to the other's,
        // but inside it only the changed pixels are drawn (blended OVER).
        assert!(c.w * c.h < w * h, "frame {i}: {c:?} is the whole frame");
        assert!(
            c.over && c.drawn * 8 < w * h,
            "frame {i}: {c:?} draws too much"
        );
    }
    let delays: Vec<u32> = controls.iter().map(|c| c.delay_cs).collect();
    assert_eq!(&delays[..14], &[100; 14], "1 s a frame");
    assert_eq!(delays[14], 250, "the last one held 2.5 s");
    // The same game palette as the GIF's: the same pixels exactly (the
    // board is opaque, so GIF's one-bit alpha loses nothing).
    let gif_frames = gif_screens(&fs::read(&gif_path).unwrap());
    assert_eq!(gif_frames.len(), shown.len());
    for (ply, (a, g)) in shown.iter().zip(&gif_frames).enumerate() {
        assert!(a == g, "ply {ply}: the APNG's frame is not the GIF's");
    }
    // And each is the ply's own still, drawn alone (in a palette of its
    // own when it has more than 255 colours: a few levels apart at most).
    for (ply, screen) in shown.iter().enumerate() {
        let still_path = dir.join(format!("ply{ply}.png"));
        let out = run(&[
            game,
            "--ply",
            &ply.to_string(),
            "--size",
            "240",
            "-o",
            still_path.to_str().unwrap(),
        ]);
        assert_code(&out, 0);
        let still = decode_png(&fs::read(&still_path).unwrap());
        assert_eq!((still.width, still.height), (w, h));
        let worst = screen
            .iter()
            .zip(&still.rgba)
            .map(|(a, b)| a.abs_diff(*b))
            .max()
            .unwrap();
        assert!(worst <= 32, "ply {ply}: {worst} levels off its still");
    }
    // The same game gives the same bytes.
    let again = run(&[
        game,
        "--animate",
        "--size",
        "240",
        "--last-delay",
        "2.5s",
        "-f",
        "png",
    ]);
    assert_code(&again, 0);
    assert!(again.stdout == data, "the same bytes twice");
}

#[test]
fn a_see_through_board_blends_source_and_keeps_its_alpha() {
    // A transparent margin: translucent colours cannot be blended OVER, so
    // every frame's rectangle is written whole, and the alpha is kept.
    let dir = scratch_dir("apng-alpha");
    let game = shilling();
    let path = dir.join("clear.png");
    let out = run(&[
        game.to_str().unwrap(),
        "--animate",
        "--size",
        "160",
        "--to",
        "4",
        "--background",
        "none",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    let (_, controls, shown) = compose(&fs::read(&path).unwrap());
    assert_eq!(shown.len(), 5);
    assert!(
        shown[0].chunks_exact(4).any(|p| p[3] < 255),
        "a see-through background"
    );
    assert!(controls.iter().all(|c| !c.over));
}

#[test]
fn other_formats_are_refused_in_one_line() {
    let dir = scratch_dir("apng-refused");
    let path = dir.join("game.jpg");
    let out = run(&[
        shilling().to_str().unwrap(),
        "--animate",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_code(&out, 2);
    let message = stderr(&out);
    assert!(
        message.contains("animated GIF or PNG") && message.trim_end().lines().count() == 1,
        "{message}"
    );
    assert!(!path.exists());
}

#[test]
#[ignore = "needs python: FEN2IMG_PYTHON=venv/bin/python (with Pillow) cargo test --test cli apng:: -- --ignored"]
fn pillow_reads_the_frames_and_their_durations() {
    let dir = scratch_dir("apng-pillow");
    let path = dir.join("game.png");
    let out = run(&[
        shilling().to_str().unwrap(),
        "--animate",
        "--size",
        "200",
        "--delay",
        "400ms",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    let python = std::env::var("FEN2IMG_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = "import sys\nfrom PIL import Image\nim = Image.open(sys.argv[1])\n\
        print(im.format, im.n_frames, im.info.get('loop'))\n\
        for i in range(im.n_frames):\n    im.seek(i)\n    print(int(im.info['duration']))\n\
        im.seek(im.n_frames - 1)\nim.convert('RGBA').save(sys.argv[2])\n";
    let last = dir.join("last.png");
    let py = std::process::Command::new(python)
        .args(["-c", script, path.to_str().unwrap(), last.to_str().unwrap()])
        .output()
        .expect("python runs");
    assert!(
        py.status.success(),
        "{}",
        String::from_utf8_lossy(&py.stderr)
    );
    let text = String::from_utf8(py.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("PNG 15 0"),
        "format, frames, loop forever"
    );
    let durations: Vec<u32> = lines.map(|l| l.parse().unwrap()).collect();
    assert_eq!(&durations[..14], &[400; 14]);
    assert_eq!(durations[14], 3000);
    // Pillow's composed last frame is ours.
    let (_, _, shown) = compose(&fs::read(&path).unwrap());
    let pillow = decode_png(&fs::read(&last).unwrap());
    assert!(pillow.rgba == *shown.last().unwrap(), "Pillow's last frame");
}
