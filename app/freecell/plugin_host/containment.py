"""What a plugin's code may not do to the game, whatever it is: end the process,
write to the command line's output, run or eat memory past its limit, hand back an
endless answer or one that changes after it was checked.

Every piece of plugin code -- its import, each hook, each game event -- runs in a
thread of its own (:func:`freecell.plugin_host.deadline.call_with_limit`), marked here
as a plugin's (:func:`running_plugin`).  Then:

- **any exception** -- ``BaseException`` subclasses, ``KeyboardInterrupt``,
  ``GeneratorExit`` -- is the plugin's failure: it reaches the manager as
  :class:`Escaped`, an ``Exception`` (``SystemExit`` stays ``Exited``);
- **``os._exit``** called from a plugin's thread raises :class:`HardExit` there
  instead of ending the process (:func:`install`; other threads get the real one);
- **printing**: ``sys.stdout`` and ``sys.stderr`` are routed by thread, and what a
  plugin's thread writes goes to the log, at most :data:`PRINT_BYTES` of it;
- **time and memory**: a call past its limit, or one that makes the process grow by
  more than :data:`MEMORY_LIMIT` bytes, is stopped by raising :class:`Stopped` in
  its thread (:func:`stop`), which ends Python code at its next instruction;
- **answers**: a hook's iterable answer is read in the plugin's thread, at most
  :data:`MAX_ITEMS` items of it (:func:`bounded`), and a data item (a variant, a
  card theme, a table surface) is copied with plain values (:func:`frozen`), so what
  was checked is what is used.

Limits (docs/plugins.md): a plugin can still reach the process past Python --
``os._exit`` kept from before :func:`install`, ``os.kill``, ``ctypes``, a signal,
a write to file descriptor 1, a thread of its own (not marked), a loop inside one C
call (the stop lands when it returns), or an ``except BaseException`` that swallows
the stop.  Only a process of its own would contain those; the solver backends have
one (the worker), the rest of a plugin's hooks answer from memory in milliseconds
and run here.
"""

from __future__ import annotations

import ctypes
import dataclasses
import enum
import itertools
import logging
import os
import sys
import threading
from collections.abc import Callable, Iterable
from typing import IO, Any, NoReturn

from freecell.engine import Variant
from freecell.themes import CardTheme, TableSurface

log = logging.getLogger("freecell.plugin_host")

MAX_ITEMS = 1000
"""The most items one hook answer may hold (a plugin offers a handful)."""
PRINT_BYTES = 64 * 1024
"""How much of what a plugin prints reaches the log (per call of its code)."""
MEMORY_LIMIT = 512 * 1024 * 1024
"""How much a call may make the process grow before it is stopped."""

_local = threading.local()
_install_lock = threading.Lock()
_real_exit: Callable[[int], NoReturn] = os._exit


class Escaped(Exception):
    """A plugin raised something that is not an ``Exception`` (a ``BaseException``
    subclass, ``KeyboardInterrupt``); ``kind`` is its type's name."""

    def __init__(self, error: BaseException) -> None:
        super().__init__(str(error))
        self.kind = type(error).__name__


class HardExit(BaseException):
    """A plugin called ``os._exit(code)``: raised in its thread instead."""

    def __init__(self, code: object) -> None:
        super().__init__(f"os._exit({code!r})")
        self.code = code


class Stopped(BaseException):
    """Raised in a plugin's thread to stop it (past its time or memory limit)."""


def running_plugin() -> bool:
    """Whether the current thread runs a plugin's code."""
    return bool(getattr(_local, "plugin", False))


def mark_plugin_thread() -> None:
    _local.plugin = True


def _exit(code: int) -> NoReturn:
    if running_plugin():
        raise HardExit(code)
    _real_exit(code)


class _Routed:
    """A stream that passes writes through, except a plugin thread's, which go to
    the log (bounded); every other attribute is the stream's own."""

    def __init__(self, stream: IO[str], name: str) -> None:
        self._stream = stream
        self._name = name

    def write(self, text: str) -> int:
        if running_plugin() and not getattr(_local, "logging", False):
            _to_log(self._name, text)
            return len(text)
        return self._stream.write(text)  # (a log handler on this stream writes as ever)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if not running_plugin():
            self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _to_log(name: str, text: str) -> None:
    printed = int(getattr(_local, "printed", 0))
    room = PRINT_BYTES - printed
    if room <= 0 or not isinstance(text, str):
        return
    piece = text[:room]
    _local.printed = printed + len(piece)
    _local.logging = True
    try:
        if piece.strip():
            log.info("a plugin wrote to %s: %s", name, piece.rstrip())
        if _local.printed >= PRINT_BYTES:
            log.warning("a plugin wrote more than %d characters: the rest is dropped", PRINT_BYTES)
    finally:
        _local.logging = False


def install() -> None:
    """Make ``os._exit`` and the standard streams thread-aware (idempotent; again
    after a caller replaced a stream, as pytest's capture does)."""
    with _install_lock:
        if os._exit is not _exit:
            os._exit = _exit  # type: ignore[assignment]  # (its parameter's name)
            # the same function under the platform module's name (posix._exit)
            platform_module = sys.modules.get(os.name)
            if platform_module is not None and hasattr(platform_module, "_exit"):
                setattr(platform_module, "_exit", _exit)  # noqa: B010 (a module we do not type)
        for name in ("stdout", "stderr"):
            stream = getattr(sys, name)
            if stream is not None and not isinstance(stream, _Routed):
                setattr(sys, name, _Routed(stream, name))


def stop(thread: threading.Thread) -> bool:
    """Raise :class:`Stopped` in ``thread`` (at its next Python instruction); False,
    and nothing done, while it runs Python's import machinery, where an exception
    between taking a module's lock and guarding it would leave the lock held and
    every later import of that module waiting for ever."""
    ident = thread.ident
    if ident is None or not thread.is_alive():
        return False
    frame = sys._current_frames().get(ident)
    if frame is None or "importlib" in frame.f_code.co_filename:
        return False
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(Stopped))
    return True


def resident_bytes() -> int | None:
    """The process's resident memory now (None where it cannot be read cheaply)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def escaped(error: BaseException) -> BaseException:
    """What the manager hears of a plugin's exception: an ``Exception`` as it is,
    ``SystemExit`` as it is (the manager's ``Exited``), the rest as :class:`Escaped`."""
    if isinstance(error, Exception | SystemExit | HardExit | Stopped):
        return error
    return Escaped(error)


def bounded(answer: object, freeze: bool = True) -> object:
    """A hook's answer, an iterable read into a list of at most ``MAX_ITEMS + 1``
    items (so an endless generator ends), each data item :func:`frozen` (unless
    ``freeze`` is False: the game's own plugins)."""
    if answer is None or isinstance(answer, str | bytes) or not isinstance(answer, Iterable):
        return answer
    items = itertools.islice(answer, MAX_ITEMS + 1)
    return [frozen(item) for item in items] if freeze else list(items)


_PLAIN = (str, int, float, bool, type(None))


def _plain(value: object) -> object:
    if type(value) in _PLAIN or isinstance(value, enum.Enum):
        return value
    if isinstance(value, str):
        return str.__str__(value)  # an exact str, not a subclass that may change
    if isinstance(value, bool | int):
        return int.__index__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, tuple | list):
        return tuple(_plain(item) for item in value)
    return value


def frozen(item: object) -> object:
    """A data item (a variant, card theme, table surface) rebuilt as its own class
    from plain copies of its fields; anything else as it is."""
    for kind in (Variant, CardTheme, TableSurface):
        if isinstance(item, kind):
            values: dict[str, Any] = {
                f.name: _plain(getattr(item, f.name)) for f in dataclasses.fields(kind) if f.init
            }
            return kind(**values)
    return item
