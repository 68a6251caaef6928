"""Moving a file out of the way without reading it.

A damaged file is kept, never read whole, never deleted, never overwritten: it gets
a second name (a hard link, which fails rather than overwrite an existing name) and
loses its first; where links are not possible (a directory, a file system without
them) it is renamed to a name that did not exist a moment before.  Nothing is
opened, so a FIFO, a device, a symlink to ``/dev/zero`` or a folder moves as fast
as a small file.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

NameFor = Callable[[int], Path]  # the n-th candidate name (1, 2, ...)


def stamp() -> str:
    """Now in UTC for a moved-aside file's name (``time``, not ``datetime``:
    importing ``datetime`` would cost the first paint a few ms)."""
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


def aside_name(path: Path, tag: str, n: int) -> Path:
    """``<stem>.<tag>-<UTC stamp>[-n]<suffix>`` beside ``path``."""
    counter = f"-{n}" if n > 1 else ""
    return path.with_name(f"{path.stem}.{tag}-{stamp()}{counter}{path.suffix}")


def move_aside(path: Path, name_for: NameFor, tries: int = 1000) -> Path | None:
    """Give ``path`` the first free name ``name_for(n)``; that name, or None when
    every candidate was taken.  Raises the ``OSError`` that stops it (the file is
    immutable, the folder read-only): the file is then left where it is."""
    for n in range(1, tries + 1):
        candidate = name_for(n)
        try:
            os.link(path, candidate, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            if os.path.lexists(candidate):
                continue
            os.rename(path, candidate)  # a folder, or no hard links here
            return candidate
        try:
            os.unlink(path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(candidate)  # one name is all we keep
            raise
        return candidate
    return None
