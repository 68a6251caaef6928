"""Logs under the platformdirs log directory, the excepthook that writes crashes
down, the smoke-run switch, the packaging self-check, and the whole launch path of
the GUI (offscreen, quitting by itself as CI's smoke test does)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import freecell
from freecell import launch
from freecell.launch.logs import (
    LOG_FILE_NAME,
    FreecellLogHandler,
    crash_summary,
    current_log_file,
    install_excepthook,
    log_file_path,
    remove_log_handler,
    setup_logging,
)
from freecell.storage.paths import StoragePaths, default_paths


@pytest.fixture
def logger() -> Iterator[logging.Logger]:
    """A private logger, so the root logger (and pytest's capture) is untouched."""
    test_logger = logging.getLogger("freecell-test-packaging")
    test_logger.propagate = False
    yield test_logger
    remove_log_handler(test_logger)
    test_logger.setLevel(logging.NOTSET)


@pytest.fixture
def root_logging() -> Iterator[None]:
    """Restore the root logger and the excepthooks after a test that sets them."""
    root = logging.getLogger()
    level = root.level
    hooks = sys.excepthook, threading.excepthook
    yield
    remove_log_handler(root)
    root.setLevel(level)
    sys.excepthook, threading.excepthook = hooks


def test_log_goes_to_the_storage_log_dir(logger: logging.Logger) -> None:
    path = setup_logging(logger=logger)
    assert path == default_paths().log_dir / LOG_FILE_NAME
    assert path == Path(os.environ["FREECELL_HOME"]) / "logs" / "freecell.log"
    logger.info("a line worth keeping")
    logger.debug("below the level")
    text = path.read_text(encoding="utf-8")
    assert "INFO" in text and "a line worth keeping" in text
    assert "below the level" not in text
    assert current_log_file(logger) == path


def test_setting_up_twice_writes_each_line_once(logger: logging.Logger, tmp_path: Path) -> None:
    paths = StoragePaths.in_folder(tmp_path)
    setup_logging(paths, logger=logger)
    path = setup_logging(paths, logger=logger)
    assert path == log_file_path(paths)
    logger.warning("only once")
    assert path.read_text(encoding="utf-8").count("only once") == 1


def test_the_log_rolls_over_and_keeps_a_few_old_files(tmp_path: Path) -> None:
    path = tmp_path / "freecell.log"
    handler = FreecellLogHandler(path, max_bytes=200, backup_count=2)
    handler.setFormatter(logging.Formatter("%(message)s"))
    test_logger = logging.getLogger("freecell-test-rollover")
    test_logger.propagate = False
    test_logger.addHandler(handler)
    try:
        for i in range(40):
            test_logger.warning("line %02d %s", i, "x" * 30)
    finally:
        test_logger.removeHandler(handler)
        handler.close()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["freecell.log", "freecell.log.1", "freecell.log.2"]
    assert all(p.stat().st_size < 200 for p in tmp_path.iterdir())
    # the newest lines are in the file being written, the ones before in .1
    assert "line 39" in path.read_text(encoding="utf-8")
    older = (tmp_path / "freecell.log.1").read_text(encoding="utf-8").splitlines()
    assert older[-1].startswith("line ") and int(older[-1].split()[1]) < 39


def test_starting_the_game_does_not_import_logging_handlers() -> None:
    """``logging.handlers`` drags in socket, pickle and queue: ~13 ms of every start."""
    code = "import sys, freecell.launch; print('logging.handlers' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_an_unwritable_log_folder_does_not_stop_the_game(
    logger: logging.Logger, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("x", encoding="utf-8")
    assert setup_logging(StoragePaths.in_folder(blocker), logger=logger) is None
    assert "cannot write the log" in capsys.readouterr().err
    assert current_log_file(logger) is None


def test_uncaught_exception_is_logged_and_reported_with_the_log_path(
    root_logging: None,
) -> None:
    path = setup_logging()
    reports: list[tuple[str, str, Path | None]] = []
    restore = install_excepthook(lambda *report: reports.append(report))
    try:
        raise ValueError("the deck has 53 cards\nsecond line")
    except ValueError as error:
        sys.excepthook(ValueError, error, error.__traceback__)
    restore()
    assert len(reports) == 1
    summary, details, reported_path = reports[0]
    assert summary == "ValueError: the deck has 53 cards"
    assert "Traceback" in details and "test_packaging_logging.py" in details
    assert reported_path == path
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "CRITICAL" in text and "Uncaught exception in the main thread" in text
    assert "ValueError: the deck has 53 cards" in text


def test_exceptions_in_threads_are_reported_too(root_logging: None) -> None:
    setup_logging()
    reports: list[str] = []
    restore = install_excepthook(lambda summary, _details, _path: reports.append(summary))

    def boom() -> None:
        raise RuntimeError("worker fell over")

    worker = threading.Thread(target=boom, name="test-worker")
    worker.start()
    worker.join()
    restore()
    assert reports == ["RuntimeError: worker fell over"]
    log = current_log_file()
    assert log is not None and "Uncaught exception in test-worker" in log.read_text("utf-8")


def test_a_failing_reporter_is_logged_not_raised(root_logging: None) -> None:
    path = setup_logging()

    def broken(*_report: object) -> None:
        raise OSError("no display")

    restore = install_excepthook(broken)
    try:
        raise KeyError("x")
    except KeyError as error:
        sys.excepthook(KeyError, error, error.__traceback__)  # must not raise
    restore()
    assert path is not None and "The crash reporter failed" in path.read_text("utf-8")


def test_ctrl_c_keeps_its_usual_behaviour(root_logging: None) -> None:
    seen: list[type[BaseException]] = []
    sys.excepthook = lambda exc_type, _exc, _tb: seen.append(exc_type)
    reports: list[str] = []
    restore = install_excepthook(lambda summary, *_: reports.append(summary))
    sys.excepthook(KeyboardInterrupt, KeyboardInterrupt(), None)
    restore()
    assert seen == [KeyboardInterrupt] and reports == []


def test_crash_summary_handles_empty_messages() -> None:
    assert crash_summary(RuntimeError, RuntimeError()) == "RuntimeError"


@pytest.mark.parametrize(
    ("value", "expected"), [("", None), ("250", 250), (" 40 ", 40), ("-5", 0), ("soon", None)]
)
def test_smoke_quit_delay_from_the_environment(value: str, expected: int | None) -> None:
    assert launch.smoke_quit_ms({launch.SMOKE_QUIT_ENV: value}) == expected
    assert launch.smoke_quit_ms({}) is None


def test_a_smoke_run_whose_window_never_starts_exits_with_code_3() -> None:
    """The watchdog sleeps until the window has started; if it never does, the run
    ends on its own with one line saying so, instead of hanging CI."""
    probe = (
        "import time; from freecell import launch; "
        "launch.arm_smoke_quit(50, wait_seconds=0.2); time.sleep(30)"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 3
    assert result.stderr.strip() == "freecell smoke: the window had not started after 0.2 s"


def test_starting_the_smoke_quit_wakes_the_watchdog_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launch, "_smoke", [])
    launch.start_smoke_quit()  # not a smoke run: nothing to do
    monkeypatch.setattr(launch, "_qt_application", lambda: None)  # (no quit scheduled)
    watchdog = launch.arm_smoke_quit(50, wait_seconds=60)
    assert watchdog.is_alive()
    launch.start_smoke_quit()
    watchdog.join(timeout=5)
    assert not watchdog.is_alive() and launch._smoke == []
    launch.start_smoke_quit()  # only the first call counts


def test_process_age_counts_from_process_start() -> None:
    first = launch.process_age()
    assert 0.0 < first < 7 * 24 * 3600
    assert launch.process_age() >= first


def test_the_first_paint_is_noted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launch, "_table_drawn", [])
    assert launch.table_drawn_after() is None
    launch.note_table_drawn()
    first = launch.table_drawn_after()
    assert first is not None and first > 0.0
    cpu = launch.table_drawn_cpu()
    assert cpu is not None and cpu > 0.0
    launch.note_table_drawn()  # a later paint changes nothing
    assert launch.table_drawn_after() == first
    assert launch.table_drawn_cpu() == cpu
    resident = launch.resident_mb()
    assert resident is None or 1.0 < resident < 10_000


def test_prepare_sets_up_once(root_logging: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launch, "_prepared", [])
    path = launch.prepare(environ={})
    assert path is not None and launch.prepare(environ={}) == path
    root_handlers = [
        h for h in logging.getLogger().handlers if type(h).__name__ == "FreecellLogHandler"
    ]
    assert len(root_handlers) == 1
    assert f"starting: freecell {freecell.__version__}" in path.read_text("utf-8")


def test_self_check_without_the_solver(capsys: pytest.CaptureFixture[str]) -> None:
    assert launch.self_check(solver=False) == 0
    out = capsys.readouterr().out
    assert "ok    icon resource" in out
    assert "ok    built-in plugins (entry points): " in out
    assert "variants=freecell_builtin_variants" in out
    assert out.rstrip().endswith("self-check passed")


def test_self_check_reports_what_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> bytes:
        raise FileNotFoundError("resources/icons/freecell.svg")

    monkeypatch.setattr(launch, "icon_bytes", missing)
    lines: list[str] = []
    assert launch.self_check(lines.append, solver=False) == 1
    assert any(line.startswith("FAIL  icon resource: FileNotFoundError") for line in lines)
    assert lines[-1] == "self-check FAILED: icon resource"


def test_self_check_starts_a_qt_free_solver_worker() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "freecell.launch", "--self-check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok    solver worker process: worker pid" in result.stdout


def test_the_gui_starts_logs_and_quits_by_itself(tmp_path: Path) -> None:
    """CI's smoke run in miniature: ``python -m freecell`` offscreen, quitting by itself."""
    home = tmp_path / "home"
    env = {
        **os.environ,
        "FREECELL_HOME": str(home),
        "QT_QPA_PLATFORM": "offscreen",
        launch.SMOKE_QUIT_ENV: "200",
        # the child runs in another folder: a relative PYTHONPATH (app) must still
        # find this checkout, not whatever freecell is installed
        "PYTHONPATH": os.pathsep.join(
            os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p
        ),
    }
    result = subprocess.run(
        [sys.executable, "-m", "freecell"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "freecell smoke: event loop running" in result.stdout
    # the title names the deal, then the game ("Deal 617 — FreeCell")
    assert "visible windows: ['Deal " in result.stdout and "\u2014 FreeCell']" in result.stdout
    assert " s after; " in result.stdout.split("table drawn ", 1)[1]  # the first paint
    log = (home / "logs" / LOG_FILE_NAME).read_text(encoding="utf-8")
    assert "starting: freecell" in log and "freecell smoke:" in log
    assert "table drawn" in log and "ms after the process started" in log
    assert log.index("table drawn") < log.index("start-up finished")  # the rest waits for it
    assert "Uncaught exception" not in log
