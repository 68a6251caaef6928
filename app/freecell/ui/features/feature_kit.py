"""What the insight features share: the window they serve, one queue of solver jobs
on the session's insight worker, and how they make their menu actions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction

from freecell.engine import Game
from freecell.solver.api import Budget
from freecell.ui.features.solver_jobs import ServiceBackend, SolverJobs

if TYPE_CHECKING:
    from freecell.core.analysis import Analysis
    from freecell.ui.shell.main_window import MainWindow

LIVE_BUDGET = Budget(states=150_000, seconds=4.0)
SOLUTION_BUDGET = Budget(states=400_000, seconds=8.0)


@dataclass
class FeatureKit:
    """The window, its session's analysis, and the jobs every feature submits to
    (by slot: "live", "trace", "solution", "par", "deal")."""

    window: MainWindow
    jobs: SolverJobs
    backend: ServiceBackend

    @property
    def game(self) -> Game:
        return self.window.bus.game

    @property
    def analysis(self) -> Analysis:
        return self.window.session.analysis

    def info(self, text: str) -> None:
        self.window.hint_bar.show_message(text, "info", timeout_ms=6000)

    def action(self, text: str, slot: Callable[[], object], tip: str) -> QAction:
        """A Game-menu action of the window (also a window shortcut)."""
        action = QAction(text, self.window)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _c=False: slot())
        self.window.addAction(action)
        self.window.add_game_menu_action(action)
        return action
