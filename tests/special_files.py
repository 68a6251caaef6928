"""Test helpers: the red team's kinds of damage (a FIFO, a symlink to /dev/zero, a
directory, a socket, an immutable file, absurd lengths) made at a path, and a call
run with a time limit so a regression that blocks fails instead of hanging the suite."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

# the kinds every stored file is tested with (tests/test_storage_damage_special.py)
SPECIAL_KINDS = ("fifo", "dev-zero", "directory", "symlink-to-fifo")

_sockets: list[socket.socket] = []


def make_special(path: Path, kind: str) -> Path:
    """Put a special file of ``kind`` at ``path`` (its folder made); ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dev-zero":
        path.symlink_to("/dev/zero")
    elif kind == "directory":
        path.mkdir()
        (path / "inside").write_text("a folder where a file belongs")
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        _sockets.append(sock)
    elif kind == "symlink-to-fifo":
        target = path.with_name(path.name + ".the-fifo")
        os.mkfifo(target)
        path.symlink_to(target)
    else:
        raise ValueError(kind)
    return path


def call_with_timeout(call: Callable[[], T], seconds: float = 20.0) -> T:
    """``call()`` on a thread; fails the test (instead of hanging the suite) when it
    has not returned within ``seconds`` -- a read that blocks on a FIFO."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as error:  # handed to the test's thread
            failure.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise AssertionError(f"still blocked after {seconds} s (a FIFO read, a lock?)")
    if failure:
        raise failure[0]
    return result[0]


def chattr_works(folder: Path) -> bool:
    """Whether ``chattr +i`` works here (root on a file system that has it)."""
    if shutil.which("chattr") is None:
        return False
    probe = folder / ".chattr-probe"
    probe.write_text("x")
    ok = subprocess.run(["chattr", "+i", str(probe)], capture_output=True).returncode == 0
    if ok:
        subprocess.run(["chattr", "-i", str(probe)], capture_output=True)
    probe.unlink()
    return ok


@contextlib.contextmanager
def immutable(path: Path) -> Iterator[None]:
    """``chattr +i`` on ``path`` for the block (it is taken off again after)."""
    subprocess.run(["chattr", "+i", str(path)], check=True, capture_output=True)
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)
