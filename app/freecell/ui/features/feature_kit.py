"""What the insight features share: the window's door, one runner of solver jobs
on the session's insight worker, and how they make their menu actions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtGui import QAction

from freecell.core.analysis import Analysis
from freecell.core.services import asked_of
from freecell.engine import Game, Position, Variant
from freecell.solver.api import Budget, Mode
from freecell.solver.api import Verdict as SolverVerdict
from freecell.solver.backends import Answer, FallbackBackend, FallbackReason, fallback_message
from freecell.solver.trust import opinion_message
from freecell.ui.shell.background import Background, Work
from freecell.ui.shell.door import Door, MessageKind

LIVE_BUDGET = Budget(states=150_000, seconds=4.0)
SOLUTION_BUDGET = Budget(states=400_000, seconds=8.0)


@dataclass
class FeatureKit:
    """The window's door, its session's analysis, and the runner every feature
    submits its jobs to (by :class:`~freecell.ui.shell.background.Slot`), asking the
    player's solver backend (the session's, read when a job is made)."""

    door: Door
    jobs: Background
    reported: set[str] = field(default_factory=set)
    """Fallback sentences said since the backend last changed."""

    @property
    def game(self) -> Game:
        return self.door.game

    @property
    def analysis(self) -> Analysis:
        return self.door.session.analysis

    def backend(self) -> FallbackBackend:
        """The player's backend as a ``SolverBackend`` that solves in the worker
        (for rate_position and par_of; its ``fallbacks`` say when the built-in stood in)."""
        loader = self.door.session.solver_backend()
        return FallbackBackend(loader, asked_of(self.jobs.service, loader))

    def ask(self, position: Position, variant: Variant, budget: Budget, mode: Mode) -> Work:
        """A job asking the player's backend; it answers an :class:`Answer`."""
        backend = self.door.session.solver_backend()
        return lambda service: service.answer(position, variant, budget, mode, backend)

    def heard(self, answer: Answer) -> SolverVerdict:
        """A background answer's verdict, its fallback said (see :meth:`report`); a
        backend caught lying is turned off, an unconfirmed opinion said as one."""
        if answer.fallback is not None:
            if answer.fallback.reason is FallbackReason.LIED:
                self.door.session.distrust(answer.fallback.backend_id)
            self.report([fallback_message(answer.fallback)])
        if answer.unconfirmed:
            self.report([opinion_message(answer.unconfirmed)])
        return answer.verdict

    def settle(self, backend: FallbackBackend) -> None:
        """After a job that asked ``backend`` many times (ratings, the deal filter):
        its first fallback said, and any backend caught lying turned off."""
        for liar in dict.fromkeys(backend.liars):
            self.door.session.distrust(liar)
        self.report(backend.fallbacks[:1])

    def report(self, sentences: list[str]) -> None:
        """Say a background search's fallback once until the backend changes, and
        never over a hint or a verdict the player asked for (then a later one says it)."""
        door = self.door
        for sentence in sentences:
            if sentence in self.reported:
                continue
            if sentence in door.message_text:  # a hint said it already
                self.reported.add(sentence)
            elif door.message_kind in (MessageKind.IDLE, MessageKind.INFO):
                self.reported.add(sentence)
                door.say(sentence, MessageKind.INFO, timeout_ms=8000)

    def info(self, text: str) -> None:
        self.door.say(text, MessageKind.INFO, timeout_ms=6000)

    def action(self, text: str, slot: Callable[[], object], tip: str) -> QAction:
        """A Game-menu action of the window (also a window shortcut)."""
        action = QAction(text, self.door.host)
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _c=False: slot())
        return self.door.add_action(action)
