"""The Qt side of crash reporting.

:func:`freecell.launch.prepare` installs an excepthook that logs every uncaught
exception; once a ``QApplication`` exists it calls :func:`report_crash`, which
shows a dialog naming the log file, so a bug is something the player can report
rather than a window that silently disappears.  PySide6 keeps running after an
exception in a slot or an event handler, so the dialog offers to carry on.

The hook may fire in any thread (a worker's ``run``), but widgets live on the GUI
thread: anything from elsewhere is posted there as an event.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from freecell.i18n import N_, _, ngettext
from freecell.i18n.formatting import format_number
from freecell.ui.shell.gui_thread_call import run_on_gui_thread

log = logging.getLogger(__name__)

TITLE = N_("FreeCell hit a problem")


class CrashDialog(QMessageBox):
    """Says what broke and where the log is; the game may go on or quit."""

    def __init__(self, summary: str, details: str, log_path: Path | None, parent: QWidget | None):
        super().__init__(parent)
        self.log_path = log_path
        self.further = 0
        self.setObjectName("crashDialog")
        self.setIcon(QMessageBox.Icon.Critical)
        self.setWindowTitle(_(TITLE))
        self._summary = summary
        self.setText(self._message())
        self.setDetailedText(details)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.open_log_button = (
            self.addButton(_("Open log folder"), QMessageBox.ButtonRole.ActionRole)
            if log_path is not None
            else None
        )
        self.quit_button = self.addButton(
            _("Quit FreeCell"), QMessageBox.ButtonRole.DestructiveRole
        )
        self.continue_button = self.addButton(_("Keep playing"), QMessageBox.ButtonRole.RejectRole)
        self.setDefaultButton(self.continue_button)
        self.setEscapeButton(self.continue_button)
        self.buttonClicked.connect(self._clicked)

    def _message(self) -> str:
        # (the summary is the exception's own text, as the log has it: not translated)
        parts = [_("Something unexpected went wrong:") + "\n" + self._summary]
        if self.log_path is not None:
            parts.append(
                _("The game may keep working. The details are in the log file:")
                + f"\n{self.log_path}\n"
                + _("Please attach that file to a bug report.")
            )
        else:
            parts.append(
                _(
                    "The game may keep working. The log file could not be written; the "
                    "details went to the terminal. Please copy them into a bug report."
                )
            )
        if self.further:
            parts.append(
                ngettext(
                    "{n} more problem since.", "{n} more problems since.", self.further
                ).format(n=format_number(self.further))
            )
        return "\n\n".join(parts)

    def count_another(self) -> None:
        self.further += 1
        self.setText(self._message())

    def _clicked(self, button: object) -> None:
        if button is self.open_log_button and self.log_path is not None:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(self.log_path.parent)))
            self.show()  # the action role closes the box; keep it until dismissed
        elif button is self.quit_button:
            app = QCoreApplication.instance()
            if app is not None:
                app.exit(1)


_current: list[CrashDialog] = []


def current_dialog() -> CrashDialog | None:
    """The crash dialog on screen, if any (tests, and to avoid a pile of them)."""
    return _current[0] if _current and _current[0].isVisible() else None


def _show(summary: str, details: str, log_path: Path | None) -> None:
    dialog = current_dialog()
    if dialog is not None:
        dialog.count_another()
        return
    _current.clear()
    app = QApplication.instance()
    parent = app.activeWindow() if isinstance(app, QApplication) else None
    dialog = CrashDialog(summary, details, log_path, parent)
    _current.append(dialog)
    dialog.open()  # window-modal, not a nested event loop inside the excepthook


def report_crash(summary: str, details: str, log_path: Path | None) -> None:
    """Show (or add to) the crash dialog, from whichever thread the crash was in."""
    if not isinstance(QCoreApplication.instance(), QApplication):
        print(details, end="", file=sys.stderr)
        return
    run_on_gui_thread(lambda: _show(summary, details, log_path))
