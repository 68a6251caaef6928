"""Memory start-up leaves behind and nothing uses again, given back once the
deferred start-up work has run (:func:`release_start_up_memory`).

Two things hold it:

- ``linecache``.  PySide6's import hook (``shibokensupport.feature``) reads the
  source of every module imported after PySide6 (``inspect.getsource``) to see
  whether it names PySide6, and ``linecache`` keeps every line it read: some
  80,000 strings, 5 MB, for the ~300 modules of a start, read by nobody
  afterwards.  A traceback reads its lines from the file again when it needs them.
- The C allocator.  Start-up frees a lot in the middle of the heap (bytecode
  read, sources decoded, pictures decoded) and the allocator keeps those pages;
  ``malloc_trim`` hands them back to the system.  glibc only; elsewhere nothing.

Qt-free.  Each call takes a few milliseconds; it is meant for moments the player
is not waiting on (after the deferred start-up steps), never for every frame.
"""

from __future__ import annotations

import functools
import linecache
import logging
import os
import sys
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


def forget_module_sources() -> int:
    """Drop the lines ``linecache`` keeps of files it can read again (an entry
    with a modification time); how many files were dropped.  Lines registered
    for generated code (no file, no time) and lazy entries stay."""
    cache = linecache.cache
    files = [name for name, entry in list(cache.items()) if len(entry) == 4 and entry[1]]
    for name in files:
        cache.pop(name, None)
    return len(files)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim`` (looked up once), or None on another C library or system."""
    if not (sys.platform.startswith("linux") and _is_glibc()):
        return None
    try:
        import ctypes  # here: only a Linux GUI session pays for it

        function = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError, ImportError):
        return None
    function.argtypes = [ctypes.c_size_t]
    function.restype = ctypes.c_int
    return function


def _is_glibc() -> bool:
    try:
        return os.confstr("CS_GNU_LIBC_VERSION") is not None
    except (ValueError, OSError, AttributeError):  # not a glibc system
        return False


def trim_c_heap() -> bool:
    """Give the C allocator's free pages back to the system; whether it could."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


def release_start_up_memory() -> None:
    """Both of the above, logged with how long they took."""
    started = time.perf_counter()
    files = forget_module_sources()
    trimmed = trim_c_heap()
    log.debug(
        "released start-up memory: %d sources forgotten%s, in %.1f ms",
        files,
        ", C heap trimmed" if trimmed else "",
        (time.perf_counter() - started) * 1000,
    )
