"""Where ``freecell-cli`` sends the details of a failure (a plugin's traceback):
the log file, or stderr with ``--verbose``.  A module of its own so that a command
that never reaches a plugin does not import :mod:`logging`."""

from __future__ import annotations

import logging
import sys

from freecell.launch import logs


class _DetailsHandler(logging.Handler):
    """Where the details of a failure go: the log file (opened on the first record,
    so a command that logs nothing writes nothing), or stderr with ``--verbose``.

    Without a handler, Python's last-resort one printed every plugin's multi-line
    traceback on stderr, on every command; the one line per failed plugin is the
    command's own (a warning).
    """

    def __init__(self, verbose: bool) -> None:
        super().__init__(logging.INFO if verbose else logging.WARNING)
        self.verbose = verbose
        self._file: logging.Handler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self.verbose:
            print(f"freecell-cli: {self.format(record)}", file=sys.stderr)
            return
        if self._file is None:
            path = logs.log_file_path()
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                self._file = logs.FreecellLogHandler(
                    path, max_bytes=logs.MAX_LOG_BYTES, backup_count=logs.BACKUP_COUNT
                )
            except OSError:
                self._file = logging.NullHandler()
            self._file.setFormatter(logging.Formatter(logs.LOG_FORMAT))
        self._file.handle(record)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def install(verbose: bool) -> None:
    """One details handler on the root logger (``main`` may run many times in a
    process: tests); ``verbose``: the details go to stderr."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if isinstance(handler, _DetailsHandler):
            root.removeHandler(handler)
            handler.close()
    root.addHandler(_DetailsHandler(verbose))
    if root.level == logging.NOTSET or root.level > logging.INFO:
        root.setLevel(logging.INFO if verbose else logging.WARNING)
