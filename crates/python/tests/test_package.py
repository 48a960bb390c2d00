"""The installed distribution carries its licences and the metadata that
names them: the MIT and Apache-2.0 texts of our code, the SIL Open Font
License of the Noto Sans font compiled into the extension, and the licence
of each bundled piece set compiled into it too."""

from importlib import metadata

import fen2img

LICENCE_FILES = {"LICENSE-MIT", "LICENSE-APACHE", "LICENSE-OFL-NotoSans.txt"}
PIECE_SETS = {
    "cburnett", "celtic", "chessnut", "fantasy", "firi",
    "kiwen-suwi", "kosal", "rhosgfx", "spatial",
}
# Our code's licence, the font's, and each piece set's (BSD for cburnett,
# Apache-2.0 for chessnut, MIT for Maurizio Monge's three, CC BY 4.0 for
# firi, kiwen-suwi and kosal, CC0 for rhosgfx).
LICENCE_EXPRESSION = (
    "(MIT OR Apache-2.0) AND OFL-1.1 AND BSD-3-Clause AND Apache-2.0 AND MIT"
    " AND CC-BY-4.0 AND CC0-1.0"
)


def test_licence_texts_are_installed_with_the_package():
    dist = metadata.distribution("fen2img")
    found = {f.name: f for f in dist.files if f.name in LICENCE_FILES}
    assert set(found) == LICENCE_FILES
    assert "Permission is hereby granted" in found["LICENSE-MIT"].read_text()
    assert "Apache License" in found["LICENSE-APACHE"].read_text()
    assert "SIL OPEN FONT LICENSE" in found["LICENSE-OFL-NotoSans.txt"].read_text().upper()


def test_metadata_names_the_licence_expression_and_version():
    meta = metadata.metadata("fen2img")
    assert meta["License-Expression"] == LICENCE_EXPRESSION
    files = set(meta.get_all("License-File") or [])
    names = {name.rsplit("/", 1)[-1] for name in files}
    assert LICENCE_FILES <= names
    assert {f"LICENSE-pieces-{s}.txt" for s in PIECE_SETS} <= names
    assert names - LICENCE_FILES <= {f"LICENSE-pieces-{s}.txt" for s in PIECE_SETS} | {
        "LICENSE-pieces-chessnut-COPYRIGHT.txt"
    }
    assert metadata.version("fen2img") == fen2img.__version__
