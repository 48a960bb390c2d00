"""format="pdf": the one-page tagged PDF the command line, batch and the
server write, byte for byte, at the printed size asked for."""

import re
import shutil
import subprocess

import fen2img
import pytest
from test_games import cli

ITALIAN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"
MM = 72 / 25.4


def media_box_width(pdf: bytes) -> float:
    """The page's width in points, from its /MediaBox (krilla writes the
    page dictionary uncompressed)."""
    found = re.search(rb"/MediaBox \[([-\d. ]+)\]", pdf)
    assert found, "no /MediaBox"
    x0, _, x1, _ = (float(v) for v in found.group(1).split())
    return x1 - x0


def test_pdf_is_a_tagged_pdf_at_the_printed_size_and_the_same_every_call():
    pdf = fen2img.render(ITALIAN, "pdf", size="35mm", caption="Italian Game")
    assert pdf.startswith(b"%PDF-")
    assert pdf == fen2img.render(ITALIAN, "PDF", size="35mm", caption="Italian Game")
    assert abs(media_box_width(pdf) - 35 * MM) < 0.1 * MM
    assert b"/StructTreeRoot" in pdf and b"/Figure" in pdf
    # The figure's alternate description is the alt text describe() gives.
    alt = fen2img.describe(ITALIAN, caption="Italian Game")
    assert b"/Alt (" + alt.encode() + b")" in pdf
    # No date: it would change the bytes every second.
    assert b"/CreationDate" not in pdf and b"/ModDate" not in pdf
    # Pixels are placed at 96 dpi unless dpi says otherwise: 400 px is
    # 300 pt, at 300 dpi 96 pt.
    assert abs(media_box_width(fen2img.render(ITALIAN, "pdf", size=400)) - 300) < 0.01
    assert abs(media_box_width(fen2img.render(ITALIAN, "pdf", size=400, dpi=300)) - 96) < 0.01


def test_a_diagram_object_renders_pdf_too():
    d = fen2img.Diagram(ITALIAN, size="2in")
    assert abs(media_box_width(d.render("pdf")) - 144) < 0.01


def test_games_refuse_pdf_naming_the_format():
    with pytest.raises(ValueError, match="format"):
        fen2img.game("1. e4 e5 *", "pdf")


def test_problems_refuse_pdf_naming_the_format():
    # Fairy FEN (a neutral queen): drawn by the problem writer, which has
    # no PDF yet; never SVG bytes handed back as "pdf".
    with pytest.raises(ValueError, match="format: a problem is not written as PDF"):
        fen2img.render("4k3/8/8/8/8/8/8/-Q3K3", "pdf")


@pytest.mark.skipif(cli() is None, reason="needs the fen2img command: cargo build, or FEN2IMG_BIN")
def test_pdf_is_the_command_lines_bytes(tmp_path):
    out = tmp_path / "d.pdf"
    flags = ["--size", "35mm", "--theme", "print", "--caption", "Italian Game"]
    subprocess.run([cli(), ITALIAN, *flags, "-o", str(out)], check=True, timeout=120)
    ours = fen2img.render(ITALIAN, "pdf", size="35mm", theme="print", caption="Italian Game")
    assert ours == out.read_bytes()


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs poppler-utils")
def test_poppler_finds_the_caption_the_embedded_font_and_the_tags(tmp_path):
    path = tmp_path / "d.pdf"
    path.write_bytes(fen2img.render(ITALIAN, "pdf", size="5cm", caption="Italian Game"))
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True)
    assert "Italian Game" in text.stdout.decode()
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, check=True).stdout
    assert re.search(rb"Tagged:\s+yes", info)
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, check=True).stdout
    row = next(line for line in fonts.decode().splitlines() if "NotoSans" in line)
    assert row.split()[-5:-2] == ["yes", "yes", "yes"], row
