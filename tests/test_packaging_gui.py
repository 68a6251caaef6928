"""The Qt side of launching: the crash dialog (from the GUI thread and from any
other), the excepthook feeding it from a real Qt slot, the smoke-run timer, and the
desktop id and window icon."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from freecell import launch
from freecell.launch.logs import install_excepthook, remove_log_handler, setup_logging
from freecell.ui.shell import crash_dialog, smoke
from freecell.ui.shell.crash_dialog import CrashDialog, current_dialog, report_crash
from freecell.ui.shell.desktop import APP_ID, application_icon, set_desktop_id, set_icon


@pytest.fixture(autouse=True)
def _no_dialog_left() -> Iterator[None]:
    yield
    for dialog in list(crash_dialog._current):
        dialog.done(0)
        dialog.deleteLater()
    crash_dialog._current.clear()


def test_crash_dialog_names_the_log_and_offers_to_keep_playing(qtbot: QtBot) -> None:
    log_path = Path("/home/player/.local/state/freecell/log/freecell.log")
    report_crash("ValueError: bad card", "Traceback (most recent call last):\n...", log_path)
    dialog = current_dialog()
    assert isinstance(dialog, CrashDialog)
    qtbot.waitExposed(dialog)
    assert dialog.windowTitle() == "FreeCell hit a problem"
    assert "ValueError: bad card" in dialog.text()
    assert str(log_path) in dialog.text()
    assert dialog.detailedText().startswith("Traceback")
    assert dialog.icon() == QMessageBox.Icon.Critical
    assert dialog.open_log_button is not None

    report_crash("KeyError: 'x'", "Traceback ...", log_path)
    assert current_dialog() is dialog, "a second crash adds to the open dialog"
    assert "1 more problem since." in dialog.text()  # (one problem: singular)

    assert dialog.continue_button is not None
    dialog.continue_button.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert current_dialog() is None


def test_crash_dialog_without_a_log_file_says_so(qtbot: QtBot) -> None:
    report_crash("OSError: disk full", "Traceback ...", None)
    dialog = current_dialog()
    assert dialog is not None
    qtbot.waitExposed(dialog)
    assert "could not be written" in dialog.text()
    assert dialog.open_log_button is None


def test_a_crash_in_another_thread_is_shown_on_the_gui_thread(qtbot: QtBot) -> None:
    shown_in: list[bool] = []
    original_show = crash_dialog._show

    def spy(*args: object) -> None:
        shown_in.append(threading.current_thread() is threading.main_thread())
        original_show(*args)  # type: ignore[arg-type]

    crash_dialog._show = spy  # type: ignore[assignment]
    try:
        worker = threading.Thread(
            target=report_crash, args=("RuntimeError: in a worker", "Traceback ...", None)
        )
        worker.start()
        worker.join()
        qtbot.waitUntil(lambda: current_dialog() is not None)
    finally:
        crash_dialog._show = original_show
    assert shown_in == [True]
    dialog = current_dialog()
    assert dialog is not None and "RuntimeError: in a worker" in dialog.text()


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_qt_slot_opens_the_dialog_and_is_logged(qtbot: QtBot) -> None:
    root = logging.getLogger()
    level = root.level
    hooks = sys.excepthook, threading.excepthook
    path = setup_logging()
    try:
        install_excepthook(launch._report_crash)

        def slot() -> None:
            raise ZeroDivisionError("no cards to divide")

        QTimer.singleShot(0, slot)
        qtbot.waitUntil(lambda: current_dialog() is not None)
    finally:
        sys.excepthook, threading.excepthook = hooks
        remove_log_handler(root)
        root.setLevel(level)
    dialog = current_dialog()
    assert dialog is not None
    assert "ZeroDivisionError: no cards to divide" in dialog.text()
    assert path is not None and str(path) in dialog.text()
    log_text = path.read_text(encoding="utf-8")
    assert "Uncaught exception in the main thread" in log_text
    assert "no cards to divide" in log_text


@pytest.mark.parametrize("from_thread", [False, True])
def test_smoke_quit_reports_start_up_and_windows_then_quits(
    qtbot: QtBot, capsys: pytest.CaptureFixture[str], from_thread: bool
) -> None:
    window = QWidget()
    window.setWindowTitle("Probe table")
    qtbot.addWidget(window)
    with qtbot.waitExposed(window):
        window.show()
    quits: list[bool] = []
    app = QApplication.instance()

    def arm() -> None:
        smoke.schedule_smoke_quit(app, 20, lambda: 1.25, lambda: quits.append(True))

    if from_thread:
        thread = threading.Thread(target=arm)
        thread.start()
        thread.join()
    else:
        arm()
    qtbot.waitUntil(lambda: quits == [True], timeout=5000)
    out = capsys.readouterr().out
    assert "freecell smoke: event loop running 1.25 s after the process started" in out
    assert "'Probe table'" in out
    assert "table drawn" not in out and "resident" not in out  # not known: left out


def test_smoke_line_says_when_the_table_was_drawn_and_the_memory(
    qtbot: QtBot, capsys: pytest.CaptureFixture[str]
) -> None:
    quits: list[bool] = []
    smoke.schedule_smoke_quit(
        QApplication.instance(),
        10,
        lambda: 0.3,
        lambda: quits.append(True),
        drawn=lambda: 0.4251,
        cpu=lambda: 0.3214,
        memory=lambda: 87.44,
    )
    qtbot.waitUntil(lambda: quits == [True], timeout=5000)
    out = capsys.readouterr().out
    assert "event loop running 0.30 s after the process started; table drawn 0.425 s after;" in out
    assert "table drawn 0.425 s after; 0.321 s CPU by then; 87.4 MB resident;" in out
    assert "87.4 MB resident; visible windows:" in out


def test_the_desktop_id_and_the_window_icon_are_set(qapp: QApplication) -> None:
    old_name, old_icon = qapp.desktopFileName(), qapp.windowIcon()
    try:
        set_desktop_id(qapp)
        set_icon(qapp)
        assert qapp.desktopFileName() == APP_ID
        sizes = {(s.width(), s.height()) for s in qapp.windowIcon().availableSizes()}
        assert {(16, 16), (32, 32), (64, 64), (256, 256)} <= sizes
    finally:
        qapp.setDesktopFileName(old_name)
        qapp.setWindowIcon(old_icon)


def test_application_icon_is_drawn_from_the_svg(qapp: QApplication) -> None:
    image = application_icon().pixmap(64, 64).toImage()
    assert image.width() == 64
    assert image.pixelColor(0, 0).alpha() == 0, "rounded corners are transparent"
    centre = image.pixelColor(32, 32)
    assert centre.alpha() == 255
    felt = image.pixelColor(32, 6)
    assert felt.green() > felt.red() and felt.green() > felt.blue(), "a green felt tile"
