"""The solver's insight on the main window, one feature per module:

* live winnability in the status bar -- :mod:`.winnability`;
* undo to the last winnable position -- :mod:`.undo_winnable`;
* show the solution (the stepper under the table) -- :mod:`.solution`;
* winnable deals only and the difficulty filter -- :mod:`.deal_filter`;
* the deal's rating and par (and par in the results panel) -- :mod:`.rating`.

:class:`Insight` builds them from the window's session (its insight solver service
and its analysis: the ratings cache, the deal chooser, the live checks' trail) and
hands them the events: the bus's game events and the session's application events.
It works through the window's door (:mod:`freecell.ui.shell.door`) alone: two hooks
registered there (the next deal, what is known of a position), menu actions,
status-bar items and a panel.  Its first searches start when start-up says so
(:meth:`Insight.start_up`, a step of :mod:`freecell.ui.shell.startup`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer

from freecell.analysis.difficulty import Rating
from freecell.analysis.insight import RatingCache, WinnabilityTrail
from freecell.core import AppEvent, BackendChanged, SettingsChanged
from freecell.engine import (
    DealStarted,
    Event,
    Game,
    GameWon,
    MoveApplied,
    NoMovesLeft,
    Position,
    Redone,
    Undone,
)
from freecell.solver.api import Budget
from freecell.solver.api import Verdict as SolverVerdict
from freecell.storage import Settings
from freecell.ui.features.deal_filter import DealFilterChoice
from freecell.ui.features.feature_kit import FeatureKit
from freecell.ui.features.hints import HintService
from freecell.ui.features.rating import RatingAndPar, rating_tip
from freecell.ui.features.solution import ShowSolution
from freecell.ui.features.undo_winnable import UndoToWinnable
from freecell.ui.features.winnability import InsightSettings, LiveWinnability, state_of
from freecell.ui.shell.door import Door, Doorway, Slot, door_of

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QLabel, QMenu

    from freecell.ui.panels.solution_stepper import SolutionStepper

__all__ = ["Insight", "InsightSettings", "install_insight", "rating_tip"]


class Insight(QObject):
    """The five features of one window, and the events they hear."""

    def __init__(self, door: Door, service: HintService) -> None:
        super().__init__(door.host)
        self.door = door
        self.window = door.host  # the window it serves, as a Qt widget
        session = door.session
        self.settings = InsightSettings(live=session.settings.live_winnability)
        self.jobs = door.background(service)
        self.jobs.setParent(self)
        self.kit = FeatureKit(door, self.jobs)
        # made in the order of their Game menu entries
        self.undo = UndoToWinnable(self.kit, before_undo=lambda: self.stepper.stop())
        self.solution = ShowSolution(self.kit, par=lambda: self.ratings)
        self.live = LiveWinnability(self.kit, self.settings, self.undo)
        self.deal_filter = DealFilterChoice(self.kit)
        self.ratings = RatingAndPar(self.kit)
        self._closed = False
        self._unsubscribe = door.subscribe(self._on_event)
        self._unsubscribe_app = door.subscribe_app(self._on_app_event)
        door.hints.answered.connect(self.live.on_hint)  # a hint's verdict is news too
        door.choose_next_deal(self.deal_filter.new_deal)
        door.know_verdicts(self.known_verdict)
        self._deal_started(door.game, start_jobs=False)
        self._startup_game = door.game

    @property
    def game(self) -> Game:
        return self.door.game

    def known_verdict(self, position: Position) -> SolverVerdict | None:
        """The hook registered with ``door.know_verdicts``: what the checks proved."""
        return self.door.session.analysis.known_verdict(position)

    # -- events ----------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        if isinstance(event, DealStarted):
            self._deal_started(self.game)
        elif isinstance(event, MoveApplied | Undone | Redone):
            if not isinstance(event, Undone | Redone):
                self.undo.came_from = None
            self.live.position_changed()
        elif isinstance(event, NoMovesLeft):
            # the window has just said "No legal move is left."; a loss already
            # proven is said beside it again (after an undo and a redo, too)
            self.live.say_known_loss()
        elif isinstance(event, GameWon):
            self.live.show_state("")

    def _on_app_event(self, event: AppEvent) -> None:
        if isinstance(event, SettingsChanged) and "live_winnability" in event.changed:
            self.on_settings_changed(event.new)
        elif isinstance(event, BackendChanged):
            self._backend_changed()

    def _backend_changed(self) -> None:
        """Ask the new backend: the searches in flight asked the old one."""
        self.kit.reported.clear()
        for slot in (Slot.LIVE, Slot.TRACE, Slot.PAR):
            self.jobs.cancel(slot)
        self.live.position_changed()

    def on_settings_changed(self, settings: Settings) -> None:
        """Follow the live winnability switch of the session's settings (saved
        already: by Preferences or by :meth:`set_live`)."""
        if settings.live_winnability != self.settings.live:
            self.live.set_live(settings.live_winnability, save=False)

    def start_up(self) -> None:
        """The first searches (which start this feature's worker process): a step
        of start-up, a moment after the table is up, never competing with the first
        paint; the deal's rating and the live check, unless a new deal has started
        them already."""
        if self._closed or self.game is not self._startup_game:
            return  # closed, or another deal started meanwhile (it started its jobs)
        self.ratings.request(self.game)
        self.live.position_changed()

    def _deal_started(self, game: Game, *, start_jobs: bool = True) -> None:
        for slot in (Slot.DEAL, Slot.LIVE, Slot.TRACE, Slot.PAR):  # a deal chosen meanwhile
            self.jobs.cancel(slot)
        self.trail.clear()
        self.undo.deal_started()
        self.ratings.deal_started(game)
        if start_jobs:
            self.ratings.request(game)
            self.live.position_changed()
        else:
            self.live.show_state(state_of(self.trail.verdict(game.position)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.door.host and event.type() == QEvent.Type.Close:
            self.close()
        return False

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.live.debounce.stop()
        self.stepper.stop()
        self._unsubscribe()
        self._unsubscribe_app()
        if self.door.known_verdict == self.known_verdict:
            self.door.know_verdicts(None)
        if self.door.next_deal == self.deal_filter.new_deal:
            self.door.choose_next_deal(None)
        self.door.unregister(self)
        self.jobs.close()

    # -- the features' parts, by the names the window's callers use ------------------
    def set_live(self, on: bool, *, save: bool = True) -> None:
        self.live.set_live(on, save=save)

    def check_now(self) -> None:
        self.live.check_now()

    def _on_verdict(self, position: Position, verdict: SolverVerdict) -> None:
        self.live.on_verdict(position, verdict)

    def show_solution(self) -> None:
        self.solution.show_solution()

    def undo_to_winnable(self) -> bool:
        return self.undo.undo_to_winnable()

    def set_winnable_only(self, on: bool) -> None:
        self.deal_filter.set_winnable_only(on)

    def new_deal(self) -> bool:
        return self.deal_filter.new_deal()

    @property
    def state(self) -> str:
        return self.live.state

    @property
    def live_label(self) -> QLabel:
        return self.live.label

    @property
    def live_action(self) -> QAction:
        return self.live.action

    @property
    def debounce(self) -> QTimer:
        return self.live.debounce

    @property
    def _save_live(self) -> Callable[[bool], None] | None:
        return self.live.save_live

    @_save_live.setter
    def _save_live(self, save: Callable[[bool], None] | None) -> None:
        self.live.save_live = save

    @property
    def trail(self) -> WinnabilityTrail:
        return self.kit.analysis.trail

    @property
    def cache(self) -> RatingCache:
        return self.kit.analysis.ratings

    @property
    def undo_winnable_action(self) -> QAction:
        return self.undo.action

    @property
    def stepper(self) -> SolutionStepper:
        return self.solution.stepper

    @property
    def filter_menu(self) -> QMenu:
        return self.deal_filter.menu

    @property
    def rating_budget(self) -> Budget:
        return self.deal_filter.rating_budget

    @rating_budget.setter
    def rating_budget(self, budget: Budget) -> None:
        self.deal_filter.rating_budget = budget

    @property
    def rating(self) -> Rating | None:
        return self.ratings.rating

    @property
    def par(self) -> int | None:
        return self.ratings.par

    @property
    def rating_label(self) -> QLabel:
        return self.ratings.label


def install_insight(window: Doorway, service: HintService | None = None) -> Insight | None:
    """Add live winnability, undo-to-winnable, the solution stepper, winnable-only
    deals, the difficulty filter, ratings and par to the window, through its door.

    ``service``: the solver service for these features (by default the session's
    insight service, a worker process apart from the hints'); None when there is
    none (no solver here).  Its first searches wait for :meth:`Insight.start_up`."""
    door = door_of(window)
    if service is None:
        service = door.session.insight_service
        if service is None:
            return None
    insight = door.register(Insight(door, service))
    door.host.installEventFilter(insight)
    return insight
