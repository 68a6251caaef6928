"""What the GUI does before its window: logs, the crash hook, the CI smoke switch,
and a packaging self-check.

``freecell.__main__.main`` calls :func:`prepare` once, right after parsing its
arguments and before importing Qt.  From then on:

- the log goes to ``<platformdirs log dir>/freecell.log``;
- an uncaught exception is logged and, once a ``QApplication`` exists, shown in a
  dialog that names the log file (:mod:`freecell.ui.shell.crash_dialog`) instead of the
  window vanishing;
- when ``FREECELL_SMOKE_QUIT_MS`` is set, the game quits by itself that many
  milliseconds after it has started (its table painted: :func:`start_smoke_quit`)
  and prints one line saying how long
  start-up took (to the running event loop and to the table's first paint), the
  memory in use and which windows were on screen.  CI uses it to start the
  installed wheel and the PyInstaller bundle offscreen "for a moment", and
  ``benchmarks/ui.py`` to time the real start path;
- the UI calls :func:`note_table_drawn` when the table is first painted, so the
  log says how long a player waited for it.

``python -m freecell.launch --self-check`` (and the bundle's ``--self-check``)
checks what packaging can break without a display: the version, the resources, the
built-in plugins' entry-point metadata, that the hint service module is found the
way the window looks it up, and that a solver worker process starts.

Qt-free at import: the Qt side is imported lazily, only once a ``QApplication``
exists in the process.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from freecell import __version__
from freecell.launch.logs import (
    SMOKE_LINE_PREFIX,
    describe_environment,
    install_excepthook,
    setup_logging,
)
from freecell.launch.stacks import enable_crash_stacks

SMOKE_QUIT_ENV = "FREECELL_SMOKE_QUIT_MS"
ENTRY_POINT_GROUP = "freecell"
# The solver worker the hints run in (looked up at start, imported on first use).
SERVICE_MODULE = "freecell.solver.service"
# How long the smoke watchdog waits for the window to start before giving up.
START_WAIT_SECONDS = 120.0

log = logging.getLogger(__name__)

_IMPORT_TIME = time.monotonic()


def process_age() -> float:
    """Seconds since this process started (Linux: from /proc, so interpreter and
    bundle start-up count; elsewhere: since this module was imported)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            fields = stat.read().rpartition(")")[2].split()
        with open("/proc/uptime", encoding="ascii") as uptime:
            booted = float(uptime.read().split()[0])
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(0.0, booted - started)
    except (OSError, ValueError, IndexError):
        return time.monotonic() - _IMPORT_TIME


def cpu_seconds() -> float:
    """CPU time (user + system, every thread) this process has used so far."""
    return time.process_time()


_table_drawn: list[tuple[float, float]] = []  # (process age, CPU seconds)


def note_table_drawn() -> None:
    """Note the moment the table was first painted (the first call counts): it goes
    to the log and into the smoke line."""
    if _table_drawn:
        return
    _table_drawn.append((process_age(), cpu_seconds()))
    age, cpu = _table_drawn[0]
    log.info(
        "table drawn %.0f ms after the process started (%.0f ms of CPU)", age * 1000, cpu * 1000
    )


def table_drawn_after() -> float | None:
    """Seconds from the process start to the table's first paint, once painted."""
    return _table_drawn[0][0] if _table_drawn else None


def table_drawn_cpu() -> float | None:
    """CPU seconds the process had used when the table was first painted."""
    return _table_drawn[0][1] if _table_drawn else None


def resident_mb() -> float | None:
    """This process's resident memory in MB (Linux: /proc; None elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    except (OSError, ValueError, IndexError, StopIteration):
        return None
    return kb / 1024


def smoke_quit_ms(environ: dict[str, str] | os._Environ[str] | None = None) -> int | None:
    """The smoke-test delay from ``FREECELL_SMOKE_QUIT_MS``; None when unset or bad."""
    value = (os.environ if environ is None else environ).get(SMOKE_QUIT_ENV, "").strip()
    if not value:
        return None
    try:
        ms = int(value)
    except ValueError:
        print(f"freecell: ignoring {SMOKE_QUIT_ENV}={value!r} (not a number)", file=sys.stderr)
        return None
    return max(0, ms)


def _qt_application() -> object | None:
    """The QApplication, if this process has imported Qt and created one."""
    if "PySide6.QtWidgets" not in sys.modules:
        return None
    from PySide6.QtWidgets import QApplication

    return QApplication.instance()


def _report_crash(summary: str, details: str, log_path: Path | None) -> None:
    """The excepthook's reporter: a dialog when there is a GUI, stderr otherwise."""
    if _qt_application() is None:
        print(details, end="", file=sys.stderr)
        return
    from freecell.ui.shell.crash_dialog import report_crash

    report_crash(summary, details, log_path)


_smoke: list[tuple[int, threading.Event]] = []  # (ms, set once the window has started)


def arm_smoke_quit(ms: int, *, wait_seconds: float = START_WAIT_SECONDS) -> threading.Thread:
    """Make this a smoke run: the GUI quits ``ms`` after it has started
    (:func:`start_smoke_quit`), or the process exits with code 3 if it has not
    started within ``wait_seconds``.  The watchdog thread sleeps until then: it
    used to poll for the QApplication, which the start-up it times paid for."""
    started = threading.Event()
    _smoke.append((ms, started))

    def watch() -> None:
        if not started.wait(wait_seconds):
            print(
                f"{SMOKE_LINE_PREFIX} the window had not started after {wait_seconds:g} s",
                file=sys.stderr,
            )
            os._exit(3)

    thread = threading.Thread(target=watch, name="freecell-smoke-watchdog", daemon=True)
    thread.start()
    return thread


def start_smoke_quit() -> None:
    """The window has started (its table is on screen, or it gave up waiting for a
    paint): in a smoke run, schedule the quit and its line.  Called on the GUI
    thread once the QApplication exists; only the first call counts.  The smoke
    module is imported here, after the first paint, so a timed start pays nothing
    a player's start does not."""
    if not _smoke:
        return
    ms, started = _smoke.pop()
    started.set()
    app = _qt_application()
    if app is None:
        return
    from freecell.ui.shell.smoke import schedule_smoke_quit

    schedule_smoke_quit(
        app, ms, process_age, drawn=table_drawn_after, cpu=table_drawn_cpu, memory=resident_mb
    )


_prepared: list[Path | None] = []


def prepare(*, environ: dict[str, str] | None = None) -> Path | None:
    """Logging, the crash hook and the smoke switch; returns the log file's path.

    Only the first call in a process does anything (the bundle's launcher calls it
    and so does ``freecell.__main__``).
    """
    if _prepared:
        return _prepared[0]
    path = setup_logging()
    _prepared.append(path)
    install_excepthook(_report_crash)
    enable_crash_stacks(path)  # a fatal signal's stacks, to stderr or the log
    log.info("starting: %s", describe_environment())
    ms = smoke_quit_ms(environ)
    if ms is not None:
        log.info("smoke run: quitting %d ms after the event loop starts", ms)
        arm_smoke_quit(ms)
    return path


# -- the packaging self-check -----------------------------------------------------


def icon_bytes() -> bytes:
    """The application icon (SVG) from the package's resources."""
    from freecell import resource_files  # here, not at the top: the game's start needs none

    return resource_files.read_bytes(resource_files.ICON)


def module_exists(name: str) -> bool:
    """Whether module ``name`` can be imported, found without importing its package.

    ``importlib.util.find_spec("freecell.solver.service")`` would import
    ``freecell.solver`` first, and with it the solver API's dataclasses (start-up
    time, for hints the first frame does not show);
    asking each finder for the module in the package's folders is what import
    itself does next, and finds it in a folder, a zip or a bundle alike.
    """
    import importlib.machinery
    import importlib.util

    package, _, _ = name.rpartition(".")
    try:
        spec = importlib.util.find_spec(package)  # imports only the parent's parent
        folders = spec.submodule_search_locations if spec is not None else None
        if folders is None:
            return False
        return any(
            finder.find_spec(name, folders) is not None
            for finder in [*sys.meta_path, importlib.machinery.PathFinder]
            if hasattr(finder, "find_spec")
        )
    except (ImportError, ValueError):
        return False


def translations() -> str:
    """Every shipped catalogue loads and translates, and Babel has its locale data."""
    from freecell import i18n
    from freecell.i18n.formatting import format_number

    english = "Patience Card Game"
    try:
        for code in [c for c in i18n.SHIPPED if c != i18n.SOURCE_LANGUAGE]:
            i18n.set_language(code)
            catalogue = i18n.Domain.instances[0].catalogue()
            if catalogue.pgettext("desktop GenericName", english) == english:
                raise LookupError(f"the {code} catalogue is missing or empty")
        i18n.set_language("de")
        number = format_number(1234)
        if number != "1.234":
            raise ValueError(f"German writes 1234 as 1.234, Babel wrote {number}")
    finally:
        i18n.set_language(None)
    return f"{len(i18n.SHIPPED) - 1} languages, numbers in the locale's style"


def self_check(out: Callable[[str], None] = print, *, solver: bool = True) -> int:
    """Check what a broken package or bundle would miss; 0 when all is there."""
    from importlib import metadata

    failures: list[str] = []

    def check(what: str, run: Callable[[], str]) -> None:
        try:
            out(f"ok    {what}: {run()}")
        except Exception as error:
            failures.append(what)
            out(f"FAIL  {what}: {type(error).__name__}: {error}")

    out(f"freecell {__version__}")

    def icon() -> str:
        data = icon_bytes()
        if b"<svg" not in data:
            raise ValueError("the icon is not an SVG")
        return f"{len(data)} bytes"

    def distribution() -> str:
        return f"freecell {metadata.version('freecell')}"

    def builtin_plugins() -> str:
        found = [
            ep
            for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)
            if ep.dist is not None and ep.dist.metadata["Name"] == "freecell"
        ]
        if not found:
            raise LookupError(f"no entry points in group {ENTRY_POINT_GROUP!r}")
        for ep in found:
            ep.load()
        return ", ".join(f"{ep.name}={ep.value}" for ep in sorted(found, key=lambda e: e.name))

    def plugin_manager() -> str:
        from freecell.plugin_host import create_manager

        manager = create_manager()
        return f"{len(manager.variants())} variants"

    def solver_process() -> str:
        from freecell.solver.service import SolverService

        with SolverService() as service:
            info = service.ping(timeout=60)
        note = ""
        if info.qt_loaded:
            if not getattr(sys, "frozen", False):
                raise RuntimeError("the solver worker imported Qt")
            # PyInstaller's PySide6 runtime hook imports QtCore in every process of
            # the bundle, the worker included, before any of our code runs; the
            # worker still creates no QApplication and runs no Qt code.
            note = " (QtCore preloaded by PyInstaller's runtime hook)"
        return f"worker pid {info.pid}, {info.modules} modules{note}"

    check("icon resource", icon)
    check("package metadata", distribution)
    check("built-in plugins (entry points)", builtin_plugins)
    check("plugin manager", plugin_manager)

    def service_module() -> str:
        if not module_exists(SERVICE_MODULE):  # the window would turn hints off
            raise ModuleNotFoundError(f"{SERVICE_MODULE} is not found")
        return f"{SERVICE_MODULE} found"

    check("hint service module", service_module)
    check("translations", translations)
    if solver:
        check("solver worker process", solver_process)
    out("self-check passed" if not failures else f"self-check FAILED: {', '.join(failures)}")
    return 1 if failures else 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        print(f"freecell {__version__}")
        return 0
    if args == ["--self-check"]:
        return self_check()
    print("usage: python -m freecell.launch --self-check | --version", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
