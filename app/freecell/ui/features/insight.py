"""Hang the solver's insight on the main window, from the outside.

``install_insight(window)`` adds, without the window knowing the details:

* **Live winnability** in the status bar: a moment after each move (debounced) the
  position is checked in the insight worker process; "Winnable", "Proven lost" or
  nothing while unknown.  The next move cancels the check.
* **Undo to the last winnable position**: when a position is proven lost, the
  positions since the last one known winnable are checked (latest first) to find
  the move that lost the game; the hint bar and the Game menu offer to go back
  there in one command (``UndoTo``; "Back to where I was" is ``RedoTo``).
* **Show the solution**: the stepper panel under the table.
* **Winnable deals only** and a **difficulty filter** for new deals, the deal's
  **rating and par** in the status bar, and par in the results panel.

Everything comes from the window's session (its insight solver service, its
analysis: the ratings cache, the deal chooser, the live checks' trail; the live
setting); the window offers two declared hooks, ``new_deal_hook`` and
``known_verdict``, and everything else is events from the session and its bus,
menu actions, status-bar widgets and a panel added to the central layout.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QLabel, QMenu

from freecell.analysis.difficulty import RATING_BUDGET, Difficulty, Rating, par_of, rate_position
from freecell.analysis.insight import DealFilter, NoDealFound, Verdict
from freecell.core import AppEvent, SettingsChanged
from freecell.engine import (
    DealStarted,
    Event,
    Game,
    GameWon,
    MoveApplied,
    NewDeal,
    Position,
    Redone,
    RedoTo,
    Undone,
    UndoTo,
    deal,
)
from freecell.solver.api import Budget, Mode, Solved, Unsolvable
from freecell.solver.api import Verdict as SolverVerdict
from freecell.storage import Settings
from freecell.ui.features.hints import HintService
from freecell.ui.features.solver_jobs import ServiceBackend, SolverJobs
from freecell.ui.panels.solution_stepper import SolutionStepper
from freecell.ui.panels.status import PRIORITY_RATING, PRIORITY_WINNABILITY

if TYPE_CHECKING:
    from freecell.ui.shell.main_window import MainWindow

log = logging.getLogger(__name__)

DEBOUNCE_MS = 350
# The first searches (which start this feature's worker process) wait until the
# table has been up a moment, as the hints' warm-up does: never compete with the
# first paint.
STARTUP_DELAY_MS = 2000
LIVE_BUDGET = Budget(states=150_000, seconds=4.0)
SOLUTION_BUDGET = Budget(states=400_000, seconds=8.0)
MAX_TRACE_CHECKS = 12  # positions re-checked to pin down the losing move

WINNABLE_STYLE = "color: #8fe39a; font-weight: 600;"
LOST_STYLE = "color: #ff9aa5; font-weight: 600;"


@dataclass
class InsightSettings:
    """The insight choices; ``live`` mirrors the stored ``live_winnability``."""

    live: bool = True
    winnable_only: bool = False
    wanted: DealFilter = DealFilter.ANY


class Insight(QObject):
    """The controller behind the menus, labels and panel; one per window."""

    def __init__(self, window: MainWindow, service: HintService) -> None:
        super().__init__(window)
        self.window = window
        session = window.session
        analysis = session.analysis
        self.settings = InsightSettings(live=session.settings.live_winnability)
        self.cache = analysis.ratings
        self.chooser = analysis.chooser
        self.chooser.winnable_only = self.settings.winnable_only
        self.chooser.wanted = self.settings.wanted
        self._save_live: Callable[[bool], None] | None = self._save_live_setting
        self.jobs = SolverJobs(service, self)
        self.backend = ServiceBackend(service)
        self.trail = analysis.trail
        self.state: str = ""  # "winnable", "lost", "" (unknown / not checked)
        self.rating: Rating | None = None
        self.par: int | None = None
        self.traced = 0
        self._came_from: int | None = None  # index before an undo-to-winnable
        self._closed = False
        self.rating_budget = RATING_BUDGET  # what "winnable only" spends per candidate

        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self.check_now)

        self.live_label = QLabel()
        self.live_label.setAccessibleName("Winnability: not known")
        self.live_label.setToolTip("What the solver knows about this position")
        self.rating_label = QLabel()
        self.rating_label.setAccessibleName("Deal difficulty and par")
        self.rating_label.setToolTip(
            "How hard this deal is for the solver, and par: the length of its shortest "
            "solution found"
        )
        # beside the counters; left out when narrow
        window.status.add_info(self.live_label, PRIORITY_WINNABILITY)
        window.status.add_info(self.rating_label, PRIORITY_RATING)

        self.stepper = SolutionStepper(window.bus, on_message=self._info)
        window.add_panel(self.stepper)

        self._build_actions()
        self._unsubscribe = window.bus.subscribe(self._on_event)
        self._unsubscribe_app = session.subscribe(self._on_app_event)
        window.hints.answered.connect(self._on_hint)  # a hint's verdict is news too
        window.new_deal_hook = self.new_deal
        window.known_verdict = self.known_verdict
        self._deal_started(window.bus.game, start_jobs=False)
        self._startup_game = window.bus.game
        QTimer.singleShot(STARTUP_DELAY_MS, self._start_up)

    # -- plumbing --------------------------------------------------------------------
    @property
    def game(self) -> Game:
        game: Game = self.window.bus.game
        return game

    def _info(self, text: str) -> None:
        self.window.hint_bar.show_message(text, "info", timeout_ms=6000)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Close:
            self.close()
        return False

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.debounce.stop()
        self.stepper.stop()
        self._unsubscribe()
        self._unsubscribe_app()
        if self.window.known_verdict == self.known_verdict:
            self.window.known_verdict = None
        if self.window.new_deal_hook == self.new_deal:
            self.window.new_deal_hook = None
        self.jobs.close()

    # -- menus -----------------------------------------------------------------------
    def _action(self, text: str, slot: Callable[[], object], tip: str) -> QAction:
        action = QAction(text, self.window)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _c=False: slot())
        return action

    def _build_actions(self) -> None:
        w = self.window
        self.undo_winnable_action = self._action(
            "Undo to the last w&innable position",
            self.undo_to_winnable,
            "Go back to the last position the solver knows can still be won",
        )
        self.undo_winnable_action.setShortcut("Ctrl+Shift+W")
        self.undo_winnable_action.setEnabled(False)
        self.solution_action = self._action(
            "Show the s&olution",
            self.show_solution,
            "Step through a solution from here on the table (the steps count as moves)",
        )
        self.solution_action.setShortcut("Ctrl+Shift+S")
        self.live_action = self._action(
            "Check winnability as I pla&y",
            self._toggle_live,
            "Show in the status bar whether the position can still be won",
        )
        self.live_action.setCheckable(True)
        self.live_action.setChecked(self.settings.live)
        self.winnable_only_action = self._action(
            "&Winnable deals only",
            self._toggle_winnable_only,
            "A new random deal is dealt only once the solver has found a way to win it",
        )
        self.winnable_only_action.setCheckable(True)
        self.winnable_only_action.setChecked(self.settings.winnable_only)
        for action in (
            self.undo_winnable_action,
            self.solution_action,
            self.live_action,
            self.winnable_only_action,
        ):
            w.addAction(action)
            w.add_game_menu_action(action)
        self.filter_menu = QMenu("New deal &difficulty", w)
        w.add_game_menu(self.filter_menu)
        group = QActionGroup(w)
        self.filter_actions: dict[DealFilter, QAction] = {}
        for choice in DealFilter:
            action = QAction(choice.label, w, checkable=True)
            action.setChecked(choice is self.settings.wanted)
            action.triggered.connect(lambda _c=False, c=choice: self.set_filter(c))
            group.addAction(action)
            self.filter_menu.addAction(action)
            self.filter_actions[choice] = action

    def _toggle_live(self) -> None:
        self.set_live(self.live_action.isChecked())

    def _save_live_setting(self, on: bool) -> None:
        self.window.session.change_settings(live_winnability=on)

    def _on_app_event(self, event: AppEvent) -> None:
        if isinstance(event, SettingsChanged) and "live_winnability" in event.changed:
            self.on_settings_changed(event.new)

    def on_settings_changed(self, settings: Settings) -> None:
        """Follow the live winnability switch of the session's settings (saved
        already: by Preferences or by :meth:`set_live`)."""
        if settings.live_winnability != self.settings.live:
            self.set_live(settings.live_winnability, save=False)

    def set_live(self, on: bool, *, save: bool = True) -> None:
        self.settings.live = on
        self.live_action.setChecked(on)
        if save and self._save_live is not None:
            try:
                self._save_live(on)
            except Exception:
                log.exception("saving the live winnability setting failed")
        if on:
            self._position_changed()
        else:  # nothing in flight may put a verdict back on the status bar
            self.debounce.stop()
            self.jobs.cancel("live")
            self.jobs.cancel("trace")
            self._show_state("")

    def _toggle_winnable_only(self) -> None:
        self.set_winnable_only(self.winnable_only_action.isChecked())

    def set_winnable_only(self, on: bool) -> None:
        self.settings.winnable_only = self.chooser.winnable_only = on
        self.winnable_only_action.setChecked(on)

    def set_filter(self, choice: DealFilter) -> None:
        self.settings.wanted = self.chooser.wanted = choice
        self.filter_actions[choice].setChecked(True)

    # -- events ----------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        if isinstance(event, DealStarted):
            self._deal_started(self.game)
        elif isinstance(event, MoveApplied | Undone | Redone):
            if not isinstance(event, Undone | Redone):
                self._came_from = None
            self._position_changed()
        elif isinstance(event, GameWon):
            self._show_state("")

    def _start_up(self) -> None:
        if self._closed or self.game is not self._startup_game:
            return  # closed, or another deal started meanwhile (it started its jobs)
        self._request_rating_and_par(self.game)
        self._position_changed()

    def _deal_started(self, game: Game, *, start_jobs: bool = True) -> None:
        self.jobs.cancel("deal")  # the player chose a deal meanwhile
        self.jobs.cancel("live")
        self.jobs.cancel("trace")
        self.jobs.cancel("par")
        self.trail.clear()
        self._came_from = None
        self.traced = 0
        self.rating = None
        self.par = None
        if game.deal_number is not None:
            self.rating = self.chooser.known_rating(game.deal_number, game.variant)
            self.par = self.cache.par(game.variant, game.deal_number)
        self._show_rating()
        if start_jobs:
            self._request_rating_and_par(game)
            self._position_changed()
        else:
            self._show_state(self._state_of(self.trail.verdict(game.position)))

    def _position_changed(self) -> None:
        self.jobs.cancel("live")
        self.jobs.cancel("trace")
        self.debounce.stop()
        game = self.game
        known = self.trail.verdict(game.position)
        self._show_state(self._state_of(known))
        self._update_undo_action()
        if known is None and not game.is_won:
            self._schedule()

    def _schedule(self) -> None:
        if self.settings.live:
            self.debounce.start()

    @staticmethod
    def _state_of(verdict: Verdict | None) -> str:
        if verdict is Verdict.WINNABLE:
            return "winnable"
        if verdict is Verdict.LOST:
            return "lost"
        return ""

    def _show_state(self, state: str) -> None:
        self.state = state if not self.game.is_won else ""
        if self.state == "winnable":
            self.live_label.setText("\u2714 Winnable")
            self.live_label.setStyleSheet(WINNABLE_STYLE)
        elif self.state == "lost":
            self.live_label.setText("\u2716 Proven lost")
            self.live_label.setStyleSheet(LOST_STYLE)
        else:
            self.live_label.setText("")
            self.live_label.setStyleSheet("")
        # The name carries the state, so a screen reader hears it change (the mark
        # and the colour alone would say nothing to it).
        spoken = {"winnable": "winnable", "lost": "proven lost"}.get(self.state, "not known")
        self.live_label.setAccessibleName(f"Winnability: {spoken}")

    # -- live winnability ------------------------------------------------------------
    def check_now(self) -> None:
        """Check the current position (the debounce timer calls this)."""
        game = self.game
        if game.is_won or not self.settings.live:
            return
        position, variant = game.position, game.variant
        if self.trail.verdict(position) is not None:
            self._position_changed()
            return
        self.jobs.submit(
            "live",
            lambda service: service.solve(position, variant, LIVE_BUDGET, Mode.FAST),
            lambda verdict: self._on_verdict(position, verdict),
        )

    def _on_hint(self, answer: Any) -> None:
        """The window's hint search answered: keep its verdict; a proven loss gets
        the losing move traced and "Undo to the last winnable position" offered
        (after the window's own message, which this then replaces)."""
        position, verdict = answer.position, answer.verdict
        if getattr(answer, "error", None) is not None or self._record(position, verdict) is None:
            return
        if position == self.game.position and self.trail.verdict(position) is Verdict.LOST:
            self._show_state("lost")
            self.traced = 0
            self._trace()
        elif position == self.game.position:
            self._show_state(self._state_of(self.trail.verdict(position)))

    def known_verdict(self, position: Position) -> SolverVerdict | None:
        """The window's ``known_verdict`` hook: what the checks already proved."""
        return self.window.session.analysis.known_verdict(position)

    def _record(self, position: Position, verdict: SolverVerdict) -> Verdict | None:
        return self.window.session.analysis.record(position, verdict)

    def _on_verdict(self, position: Position, verdict: SolverVerdict) -> None:
        found = self._record(position, verdict)
        if position != self.game.position:
            return
        self._show_state(self._state_of(found))
        if found is Verdict.LOST:
            self.traced = 0
            self._trace()
        self._update_undo_action()

    def _trace(self) -> None:
        """Check earlier unchecked positions (latest first) until the last winnable
        one is found, so the losing move is known exactly."""
        game = self.game
        index = self.trail.unchecked_between(game)
        if index is None or self.traced >= MAX_TRACE_CHECKS:
            self._losing_move_found()
            return
        self.traced += 1
        position = self.trail.path_positions(game)[index]
        variant = game.variant

        def done(verdict: SolverVerdict) -> None:
            if self._record(position, verdict) is None:
                self.traced = MAX_TRACE_CHECKS  # no verdict in time: stop tracing
            self._trace()

        self.jobs.submit(
            "trace",
            lambda service: service.solve(position, variant, LIVE_BUDGET, Mode.FAST),
            done,
        )

    def _losing_move_found(self) -> None:
        self._update_undo_action()
        losing = self.trail.losing_move(self.game)
        if losing is None:
            return
        notation = " ".join(m.notation for m in losing.moves)
        if losing.proven:
            text = (
                f"This position is proven lost: move {losing.move_number} ({notation}) "
                "turned a winnable game into a lost one."
            )
        else:
            where = f"after move {losing.index}" if losing.index else "at the start"
            text = f"This position is proven lost; {where} the game could still be won."
        self.window.hint_bar.show_message(
            text,
            "lost",
            [
                (
                    "Undo to the last winnable position",
                    self._offer_undo_to_winnable,
                )
            ],
        )

    def _update_undo_action(self) -> None:
        self.undo_winnable_action.setEnabled(self.trail.losing_move(self.game) is not None)

    def _offer_undo_to_winnable(self) -> None:
        self.undo_to_winnable()

    def undo_to_winnable(self) -> bool:
        """Go back to the last position known winnable (one command, undoable)."""
        game = self.game
        losing = self.trail.losing_move(game)
        if losing is None:
            self.window.hint_bar.show_message(
                "No winnable position to go back to is known yet.", "info", timeout_ms=5000
            )
            return False
        came_from = game.index
        self.stepper.stop()
        self.window.stop_auto_finish()
        self.window.dispatch(UndoTo(losing.index))
        self._came_from = came_from
        where = f"after move {losing.index}" if losing.index else "at the start"
        self.window.hint_bar.show_message(
            f"Back {where}: this position can still be won.",
            "info",
            [("Back to where I was", self.back_to_where_i_was)],
        )
        return True

    def back_to_where_i_was(self) -> None:
        if self._came_from is not None and self._came_from > self.game.index:
            self.window.dispatch(RedoTo(self._came_from))
        self._came_from = None
        self.window.hint_bar.dismiss()

    # -- the solution ------------------------------------------------------------------
    def show_solution(self) -> None:
        game = self.game
        if game.is_won:
            return
        known = self.trail.solution(game.position)
        if known is not None:
            self.stepper.start(known)
            return
        if self.trail.verdict(game.position) is Verdict.LOST:
            self.window.hint_bar.show_message(
                "There is no solution from here: this position is proven lost.", "lost"
            )
            return
        position, variant = game.position, game.variant
        self.window.hint_bar.show_message("Looking for a solution\u2026", "checking")

        def done(verdict: SolverVerdict) -> None:
            self._record(position, verdict)
            if position != self.game.position:
                return
            if isinstance(verdict, Solved):
                self.window.hint_bar.dismiss()
                self.stepper.start(verdict.moves)
            elif isinstance(verdict, Unsolvable):
                self.window.hint_bar.show_message(
                    "There is no solution from here: this position is proven lost.", "lost"
                )
            else:
                self.window.hint_bar.show_message(
                    "The solver found no solution in time; nothing is claimed.",
                    "info",
                    timeout_ms=6000,
                )

        self.jobs.submit(
            "solution",
            lambda service: service.solve(position, variant, SOLUTION_BUDGET, Mode.SHORT),
            done,
            lambda error: self.window.hint_bar.show_message(
                f"The solver stopped unexpectedly ({error}).", "refused", timeout_ms=6000
            ),
        )

    # -- rating and par ----------------------------------------------------------------
    def _request_rating_and_par(self, game: Game) -> None:
        number, variant = game.deal_number, game.variant
        if number is None or (self.rating is not None and self.par is not None):
            return
        start = game.start
        need_rating = self.rating is None
        need_par = self.par is None
        backend = self.backend

        cache = self.cache
        jobs = self.jobs
        token: list[int] = []  # filled once submitted

        def wanted() -> bool:  # a cancelled search answers "unknown": never cache that
            return not token or jobs.is_current("par", token[0])

        def work(_service: HintService) -> tuple[Rating | None, int | None]:
            # the cache is written here, off the GUI thread (it fsyncs)
            rating = rate_position(start, variant, backend=backend) if need_rating else None
            if rating is not None and wanted():
                cache.put_rating(variant, number, rating)
            par = par_of(start, variant, backend=backend) if need_par and wanted() else None
            if par is not None and wanted():
                cache.put_par(variant, number, par)
            return rating, par

        def done(result: tuple[Rating | None, int | None]) -> None:
            rating, par = result
            if self.game.deal_number != number or self.game.variant != variant:
                return
            self.rating = rating or self.rating
            self.par = par if par is not None else self.par
            self._show_rating()

        token.append(self.jobs.submit("par", work, done))

    def _show_rating(self) -> None:
        parts = []
        if self.rating is not None:
            parts.append(self.rating.label)
        if self.par is not None:
            parts.append(f"par {self.par}")
        self.rating_label.setText(" \u00b7 ".join(parts))
        self.rating_label.setToolTip(rating_tip(self.rating, self.par))

    # -- choosing the next deal --------------------------------------------------------
    def new_deal(self) -> bool:
        """The window's ``new_deal_hook``: True when this chose (or is choosing) the
        deal; False to let the window deal any random number."""
        if not self.chooser.active:
            return False
        variant = self.game.variant
        chooser = self.chooser
        backend = self.backend
        what = self._filter_words()
        self.window.hint_bar.show_message(f"Finding {what}\u2026", "checking")
        jobs = self.jobs
        token: list[int] = []  # filled once submitted

        def cancelled() -> bool:  # a newer "New deal", another deal, or closing
            return bool(token) and not jobs.is_current("deal", token[0])

        budget = self.rating_budget

        def rate(number: int) -> Rating:
            return rate_position(deal(number, variant), variant, backend=backend, budget=budget)

        def work(_service: HintService) -> tuple[int, Rating] | None:
            try:
                return chooser.choose(rate, variant, cancelled)
            except NoDealFound:
                return None

        def done(result: tuple[int, Rating] | None) -> None:
            if result is None:
                self.window.hint_bar.show_message(
                    f"No match in {chooser.max_tries} deals tried; try again, or loosen "
                    "the filter.",
                    "refused",
                    timeout_ms=8000,
                )
                return
            number, _rating = result
            self.window.hint_bar.dismiss()
            self.window.dispatch(NewDeal(number, variant))

        token.append(self.jobs.submit("deal", work, done))
        return True

    def _filter_words(self) -> str:
        wanted = self.chooser.wanted
        level = "" if wanted is DealFilter.ANY else f"{wanted.label.lower()} "
        kind = "winnable deal" if self.chooser.winnable_only else "deal"
        return f"a {level}{kind}".replace("a easy", "an easy").replace("a expert", "an expert")


def rating_tip(rating: Rating | None, par: int | None) -> str:
    """The status-bar tooltip: what the rating and par are made of."""
    lines = []
    if rating is not None:
        if rating.length is not None:
            lines.append(
                f"{rating.label}: the solver looked at {rating.states:,} positions and "
                f"found a {rating.length}-move line."
            )
        elif rating.difficulty is Difficulty.UNSOLVABLE:
            lines.append("Unwinnable: a complete search found no way to win this deal.")
        else:
            lines.append(
                f"Unrated: no line within {rating.states:,} positions (no claim either way)."
            )
    if par is not None:
        lines.append(f"Par {par}: the shortest solution the solver found.")
    return "\n".join(lines) or "How hard this deal is, and par (the solver's shortest line)"


def install_insight(window: MainWindow, service: HintService | None = None) -> Insight | None:
    """Add live winnability, undo-to-winnable, the solution stepper, winnable-only
    deals, the difficulty filter, ratings and par to ``window``.

    ``service``: the solver service for these features (by default the session's
    insight service, a worker process apart from the hints'); None when there is
    none (no solver here)."""
    if service is None:
        service = window.session.insight_service
        if service is None:
            return None
    insight = Insight(window, service)
    window.insight = insight
    window.installEventFilter(insight)
    return insight
