"""Never lose a game by accident: before a new deal, a chosen deal, a replay,
another variant, or an opened or pasted game replaces a game in progress, ask
"Abandon this game? It will count as a loss." (Abandon / Keep playing).

Only a game that would be counted is asked about: one with moves made, neither
won nor already lost (with no legal move left it counts as lost whichever way
the player leaves it, and the message bar offers the ways out).  A game with no
move made is not counted at all (``Storage._count_job``), so it is replaced
without a word.  "Don't ask again" turns the setting ``confirm_abandon`` off;
Preferences turns it back on.

The question is window-modal and answered later (``open``, not ``exec``): the
action runs when the player says Abandon.  Its buttons have object names
(``abandonButton``, ``keepPlayingButton``); Escape and Enter keep playing, Alt+A
abandons, and a screen reader hears it as an alert with its text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from freecell.i18n import _, ngettext

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox, QWidget

    from freecell.core.session import Session
    from freecell.engine import Game


def would_count_as_lost(game: Game) -> bool:
    """Whether leaving ``game`` now records a loss the player may not mean."""
    return bool(game.steps) and not game.is_won and game.has_legal_move


class AbandonQuestion:
    """Asks before the window's game is replaced (see the module's docstring)."""

    def __init__(self, window: QWidget, session: Session) -> None:
        """``window``: the question's parent; ``session``: the game it asks about."""
        self._window = window
        self._session = session
        self.box: QMessageBox | None = None  # the question on screen, if any

    def needed(self) -> bool:
        session = self._session
        return session.settings.confirm_abandon and would_count_as_lost(session.bus.game)

    def ask(
        self,
        go: Callable[[], object],
        keep: Callable[[], object] | None = None,
        *,
        asked: bool = False,
    ) -> None:
        """Run ``go`` now when nothing would be lost (or ``asked``: the player chose
        it in a question of its own), else once the player says Abandon; ``keep``
        runs if they keep playing (e.g. to put a choice back)."""
        if asked or not self.needed():
            go()
            return
        from PySide6.QtWidgets import QMessageBox  # (About's measured reason: not at start)

        if self.box is not None:  # one question at a time: the newest wins
            self.box.close()
        w = self._window
        box = QMessageBox(w)
        box.setObjectName("abandonQuestion")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(_("Abandon this game?"))
        box.setText(_("Abandon this game? It will count as a loss."))
        moves = self._session.bus.game.move_count
        box.setInformativeText(
            ngettext(
                "You have made {n} move in this deal.",
                "You have made {n} moves in this deal.",
                moves,
            ).format(n=moves)
        )
        abandon = box.addButton(_("&Abandon"), QMessageBox.ButtonRole.DestructiveRole)
        abandon.setObjectName("abandonButton")
        stay = box.addButton(_("&Keep playing"), QMessageBox.ButtonRole.RejectRole)
        stay.setObjectName("keepPlayingButton")
        box.setDefaultButton(stay)  # Enter, like Escape, loses nothing
        box.setEscapeButton(stay)
        from PySide6.QtWidgets import QCheckBox

        check = QCheckBox(_("&Don't ask again"))
        check.setObjectName("dontAskAgain")
        check.setToolTip(_("Preferences can turn the question back on"))
        box.setCheckBox(check)
        box.setAccessibleName(_("Abandon this game?"))
        box.setAccessibleDescription(box.text())

        def answered() -> None:
            if self.box is box:
                self.box = None
            box.deleteLater()
            if box.clickedButton() is abandon:
                if check.isChecked():
                    self._session.change_settings(confirm_abandon=False)
                go()
            elif keep is not None:
                keep()

        box.finished.connect(answered)
        self.box = box
        box.open()
