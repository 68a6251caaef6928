"""Logs that outlive the process, and an excepthook that writes the crash down.

A desktop game started from a menu has no terminal: whatever it prints is lost,
and an unexpected exception would make it vanish without a word.  So the GUI logs
to a file in the platformdirs log directory (``FREECELL_HOME/logs`` in tests, via
:func:`freecell.storage.paths.default_paths`), and :func:`install_excepthook`
records every uncaught exception there before handing the summary and the log's
path to whoever shows it (the GUI's crash dialog, see
:mod:`freecell.ui.shell.crash_dialog`).

No Qt here: this module is imported before ``QApplication`` exists and by tests
that run without a display.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from freecell.storage.paths import StoragePaths, default_paths

# The CI smoke run's lines begin so (written here, below the smoke module of ui/
# that prints them, so that neither imports the other back).
SMOKE_LINE_PREFIX = "freecell smoke:"

LOG_FILE_NAME = "freecell.log"
LOG_FORMAT = "%(asctime)s %(levelname)-8s %(name)s [%(threadName)s] %(message)s"
# A few runs of history without letting a chatty bug fill the disk.
MAX_LOG_BYTES = 1_000_000
BACKUP_COUNT = 3

CrashReporter = Callable[[str, str, "Path | None"], None]
"""Called as ``reporter(summary, details, log_path)`` after a crash is logged."""

log = logging.getLogger(__name__)


class FreecellLogHandler(logging.FileHandler):
    """Our file handler: it rolls the log over to ``freecell.log.1`` ... ``.N`` when
    the next record would take it past ``max_bytes``, as
    ``logging.handlers.RotatingFileHandler`` does.  Its own class so setting up twice
    replaces, not doubles.

    Not ``RotatingFileHandler`` itself because ``logging.handlers`` imports
    ``socket``, ``pickle`` and ``queue`` for its other handlers, before the window is
    built, for one file handler (docs/startup.md).
    """

    def __init__(self, path: Path, *, max_bytes: int, backup_count: int) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes = max_bytes
        self.backup_count = backup_count
        self.failed = False  # a write failed: said once, the log is not written again

    def _emit(self, record: logging.LogRecord) -> None:
        try:
            if self._should_roll_over(record):
                self._roll_over()
        except Exception:
            self.handleError(record)
            return
        super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:
        """A log that cannot be written (a full disk) is said once on stderr, in one
        line, and then quietly not written: logging's own handler printed a traceback
        for every record (1,643 of them in 20 s on a full disk)."""
        if self.failed:
            return
        self.failed = True
        error = sys.exc_info()[1]
        with contextlib.suppress(Exception):
            said = getattr(error, "strerror", None) or error
            sys.stderr.write(f"freecell: the log {self.baseFilename} cannot be written ({said})\n")

    def emit(self, record: logging.LogRecord) -> None:
        if self.failed:
            return
        self._emit(record)

    def _should_roll_over(self, record: logging.LogRecord) -> bool:
        if self.max_bytes <= 0 or not os.path.isfile(self.baseFilename):
            return False  # never roll over /dev/null or a pipe
        if self.stream is None:
            self.stream = self._open()
        written = self.stream.seek(0, os.SEEK_END)
        return written > 0 and written + len(self.format(record)) + 1 >= self.max_bytes

    def _roll_over(self) -> None:
        """freecell.log.(N-1) -> .N, ..., freecell.log -> .1, then a fresh file."""
        if self.stream is not None:
            self.stream.close()
            self.stream = None
        base = self.baseFilename
        for i in range(self.backup_count - 1, 0, -1):
            older = f"{base}.{i}"
            if os.path.exists(older):
                os.replace(older, f"{base}.{i + 1}")
        if self.backup_count > 0 and os.path.exists(base):
            os.replace(base, f"{base}.1")
        self.stream = self._open()


def log_file_path(paths: StoragePaths | None = None) -> Path:
    """Where the log is written: ``<log dir>/freecell.log``."""
    return (paths or default_paths()).log_dir / LOG_FILE_NAME


def current_log_file(logger: logging.Logger | None = None) -> Path | None:
    """The file our handler on ``logger`` (the root logger) writes to, if any."""
    for handler in (logger or logging.getLogger()).handlers:
        if isinstance(handler, FreecellLogHandler):
            return Path(handler.baseFilename)
    return None


def setup_logging(
    paths: StoragePaths | None = None,
    *,
    level: int = logging.INFO,
    logger: logging.Logger | None = None,
) -> Path | None:
    """Send ``logger`` (the root logger) to the log file and return its path.

    Calling it again replaces the previous handler.  When the log folder cannot be
    created (a read-only home, a full disk) the game still starts: the failure goes
    to stderr and the result is ``None``.
    """
    target = logger or logging.getLogger()
    remove_log_handler(target)
    path = log_file_path(paths)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = FreecellLogHandler(path, max_bytes=MAX_LOG_BYTES, backup_count=BACKUP_COUNT)
    except OSError as error:
        from freecell.i18n import _

        # Translators: the game goes on; {problem} is the system's own words
        said = _("freecell: warning: cannot write the log {path}: {problem}")
        print(said.format(path=path, problem=error.strerror or error), file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    target.addHandler(handler)
    if target.level == logging.NOTSET or target.level > level:
        target.setLevel(level)
    return path


def remove_log_handler(logger: logging.Logger | None = None) -> None:
    """Detach and close our handler (tests, and a second :func:`setup_logging`)."""
    target = logger or logging.getLogger()
    for handler in list(target.handlers):
        if isinstance(handler, FreecellLogHandler):
            target.removeHandler(handler)
            handler.close()


def crash_summary(exc_type: type[BaseException], exc: BaseException) -> str:
    """One line a player can read: the exception's type and message."""
    message = str(exc).strip().splitlines()
    return f"{exc_type.__name__}: {message[0]}" if message else exc_type.__name__


def install_excepthook(reporter: CrashReporter | None = None) -> Callable[[], None]:
    """Log every uncaught exception (main thread and other threads), then call
    ``reporter``; returns a function that restores the previous hooks.

    Ctrl+C keeps its usual behaviour.  A reporter that itself raises is logged and
    otherwise ignored: reporting a crash must never cause a second one.
    """
    previous_hook = sys.excepthook
    previous_thread_hook = threading.excepthook

    def handle(
        exc_type: type[BaseException],
        exc: BaseException,
        tb: TracebackType | None,
        where: str,
    ) -> None:
        details = "".join(traceback.format_exception(exc_type, exc, tb))
        log.critical("Uncaught exception in %s:\n%s", where, details.rstrip())
        if reporter is None:
            print(details, end="", file=sys.stderr)
            return
        try:
            reporter(crash_summary(exc_type, exc), details, current_log_file())
        except Exception:
            log.exception("The crash reporter failed")

    def hook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            previous_hook(exc_type, exc, tb)
            return
        handle(exc_type, exc, tb, "the main thread")

    def thread_hook(args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or issubclass(args.exc_type, SystemExit):
            return
        name = args.thread.name if args.thread is not None else "a thread"
        handle(args.exc_type, args.exc_value, args.exc_traceback, name)

    sys.excepthook = hook
    threading.excepthook = thread_hook

    def restore() -> None:
        sys.excepthook = previous_hook
        threading.excepthook = previous_thread_hook

    return restore


def describe_environment() -> str:
    """What a bug report needs first: versions and platform, one line."""
    from freecell import __version__

    frozen = " (bundled)" if getattr(sys, "frozen", False) else ""
    python = sys.version.split()[0]  # platform.python_version(), without importing platform
    return f"freecell {__version__}{frozen}, Python {python}, {_platform()}, pid {os.getpid()}"


def _platform() -> str:
    """``platform.platform()``, e.g. "Linux-6.1.0-13-amd64-x86_64-with-glibc2.36".

    On Linux that function runs ``uname -p`` in a subprocess and scans the Python
    binary for the C library's version, at every start, for one log line.  The
    kernel and the C library say the same directly.
    """
    if not sys.platform.startswith("linux"):
        import platform

        return platform.platform()
    uname = os.uname()
    try:
        libc = os.confstr("CS_GNU_LIBC_VERSION") or ""  # "glibc 2.36"
    except (ValueError, OSError):
        libc = ""
    words = f"Linux-{uname.release}-{uname.machine}"
    return f"{words}-with-{libc.replace(' ', '')}" if libc else words
