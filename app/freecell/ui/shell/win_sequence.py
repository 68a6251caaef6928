"""What follows a win: the cards leap off the foundations, then the results panel.

The window starts it when the engine says the game is won (a move's animation
later, so the last card lands first) and ends it when the window closes; a new
deal, or an undo after the win, hides the panel again.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from freecell.core import Session
from freecell.engine import CommandBus
from freecell.texts.variants import variant_name
from freecell.ui.panels.results import ResultsPanel
from freecell.ui.table.glide import MOVE_MS
from freecell.ui.table.scene import TableScene
from freecell.ui.table.view import TableView


class WinSequence:
    """The celebration's delayed start and the results panel it ends with."""

    def __init__(
        self,
        parent: QObject,
        session: Session,
        scene: TableScene,
        view: TableView,
        *,
        new_deal: Callable[[], None],
        replay_deal: Callable[[], None],
    ) -> None:
        self._bus: CommandBus = session.bus
        self._scene = scene
        self._view = view
        self._session = session
        self._leave = (new_deal, replay_deal)
        self._results: ResultsPanel | None = None  # made when first needed
        # the window's own timer (not a bare singleShot), so it dies with the window
        self._delay = QTimer(parent)
        self._delay.setSingleShot(True)
        self._delay.timeout.connect(self._celebrate)

    @property
    def results(self) -> ResultsPanel:
        """The results panel (made on first use: the first frame never shows it)."""
        if self._results is None:
            session = self._session
            self._results = ResultsPanel(
                self._view, *self._leave, par=lambda: session.known_par(session.game)
            )
            self._results.clear_below = self._top_row_bottom
        return self._results

    def hide_results(self) -> None:
        if self._results is not None:
            self._results.hide()

    def recentre_results(self) -> None:
        if self._results is not None:
            self._results.recentre()

    def start(self) -> None:
        """After the last card's move has been seen (at once under reduce motion)."""
        self._delay.start(0 if self._scene.reduce_motion else MOVE_MS + 60)

    def stop(self) -> None:
        self._delay.stop()
        self._scene.cancel_celebration()

    def _celebrate(self) -> None:
        """The cards leap off the foundations (not under reduce motion; a key or a
        click ends it), then the results panel."""
        if self._scene.reduce_motion or not self._bus.game.is_won:
            self._show_results()
            return
        self._scene.celebrate(self._show_results)

    def _show_results(self) -> None:
        game = self._bus.game
        if not game.is_won:
            return
        self.results.show_result(
            game.elapsed,
            game.move_count,
            game.position.cards_home,
            game.deal_number,
            variant_name(game.variant),
            hints=game.hints_used,
            solution_moves=game.solution_moves,
        )

    def _top_row_bottom(self) -> float:
        """Where the cells and foundations end on screen (the results panel stays
        below them)."""
        lay = self._scene.layout
        if lay is None:
            return 0.0
        top = self._view.mapFromScene(0.0, lay.foundations[0].y + lay.card_h).y()
        return float(top + 12)
