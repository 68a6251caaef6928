"""The one bounded reader of regular files (storage/safe_read.py): a FIFO, a device,
a directory or a symlink to one is refused at once, never read; a regular file is
read no further than its bound."""

from __future__ import annotations

from pathlib import Path

import pytest

from freecell.storage.safe_read import (
    FileTooLarge,
    SpecialFile,
    file_kind,
    is_special,
    read_bounded,
    read_text_bounded,
)
from special_files import call_with_timeout, make_special

KINDS = ["fifo", "dev-zero", "directory", "socket", "symlink-to-fifo"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_special_file_is_refused_without_blocking(tmp_path: Path, kind: str) -> None:
    path = make_special(tmp_path / "file.json", kind)

    error = call_with_timeout(lambda: _error_of(path))

    assert isinstance(error, SpecialFile)
    assert isinstance(error, OSError)  # callers that cope with OSError cope with it
    assert is_special(path)
    assert file_kind(path) in {"fifo", "character device", "directory", "socket"}


def _error_of(path: Path) -> OSError | None:
    try:
        read_bounded(path, 1024)
    except OSError as error:
        return error
    return None


def test_a_regular_file_is_read_up_to_its_bound(tmp_path: Path) -> None:
    path = tmp_path / "file.txt"
    path.write_bytes(b"x" * 100)

    assert read_bounded(path, 100) == b"x" * 100
    assert read_text_bounded(path, 1000) == "x" * 100
    with pytest.raises(FileTooLarge) as raised:
        read_bounded(path, 99)
    assert raised.value.limit == 99
    assert file_kind(path) == "regular file"
    assert not is_special(path)


def test_missing_and_dangling_are_not_special(tmp_path: Path) -> None:
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")

    assert file_kind(tmp_path / "nowhere") is None
    assert file_kind(tmp_path / "dangling") is None
    with pytest.raises(FileNotFoundError):
        read_bounded(tmp_path / "dangling", 10)


def test_a_symlink_to_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "real").write_bytes(b"hello")
    (tmp_path / "link").symlink_to(tmp_path / "real")

    assert read_bounded(tmp_path / "link", 10) == b"hello"
