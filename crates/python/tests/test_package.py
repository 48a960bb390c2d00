"""The installed distribution carries its licences and the metadata that
names them: the MIT and Apache-2.0 texts of our code and the SIL Open Font
License of the Noto Sans font compiled into the extension."""

from importlib import metadata

import fen2img

LICENCE_FILES = {"LICENSE-MIT", "LICENSE-APACHE", "LICENSE-OFL-NotoSans.txt"}


def test_licence_texts_are_installed_with_the_package():
    dist = metadata.distribution("fen2img")
    found = {f.name: f for f in dist.files if f.name in LICENCE_FILES}
    assert set(found) == LICENCE_FILES
    assert "Permission is hereby granted" in found["LICENSE-MIT"].read_text()
    assert "Apache License" in found["LICENSE-APACHE"].read_text()
    assert "SIL OPEN FONT LICENSE" in found["LICENSE-OFL-NotoSans.txt"].read_text().upper()


def test_metadata_names_the_licence_expression_and_version():
    meta = metadata.metadata("fen2img")
    assert meta["License-Expression"] == "(MIT OR Apache-2.0) AND OFL-1.1"
    files = set(meta.get_all("License-File") or [])
    assert {name.rsplit("/", 1)[-1] for name in files} == LICENCE_FILES
    assert metadata.version("fen2img") == fen2img.__version__
