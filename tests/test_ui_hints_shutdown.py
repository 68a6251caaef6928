"""The solver service is closed only when the game ends: a hint or an insight job
that meets a closed service then (a key pressed as the window closes, a job still
queued) is never shown to the player nor logged as an error, and no worker process
is started for it; a real failure while the window is open is still said."""

from __future__ import annotations

import logging

import pytest

from freecell.core.services import LazyService
from freecell.engine import FREECELL, Position, Variant, deal
from freecell.solver.api import Budget, Mode, Verdict
from freecell.solver.service import SolverService, SolverServiceClosed, SolverServiceError
from freecell.ui.features.hints import HintRunner
from freecell.ui.shell.background import Background as SolverJobs
from ui_helpers import FakeService, make_window


class WorkerLikeService(FakeService):
    """Blocks until cancelled, as a long search does, and refuses every job once
    closed with the error :class:`SolverService` raises then."""

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: str = "builtin",
    ) -> Verdict:
        if self.closed:
            raise SolverServiceClosed("the solver service is closed")
        return super().solve(position, variant, budget, mode, backend)


def _errors(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def test_a_hint_asked_as_the_window_closes_is_never_shown(  # type: ignore[no-untyped-def]
    qtbot, caplog: pytest.LogCaptureFixture
) -> None:
    service = WorkerLikeService(block=True)
    window = make_window(qtbot, service=service)
    answers: list[object] = []
    window.hints.answered.connect(answers.append)
    window.hint()
    assert service.started.wait(5)  # a search in flight when the window closes ...
    with caplog.at_level(logging.DEBUG):
        window.close()
        assert service.closed
        window.hint()  # ... and a hint key still queued behind the close
        qtbot.wait(300)
        window.hints.wait(3000)
        qtbot.wait(50)
    assert answers == []
    assert "closed" not in window.hint_bar.text
    assert "stopped unexpectedly" not in window.hint_bar.text
    assert _errors(caplog) == []
    assert len(service.calls) == 1  # the key after the close asked nothing


def test_a_real_failure_while_the_window_is_open_is_still_said(  # type: ignore[no-untyped-def]
    qtbot, caplog: pytest.LogCaptureFixture
) -> None:
    class Failing(FakeService):
        def solve(self, *args: object, **kwargs: object) -> Verdict:
            raise SolverServiceError("unknown solver backend 'nope'")

    window = make_window(qtbot, service=Failing())
    with caplog.at_level(logging.ERROR):
        window.hint()
        qtbot.waitUntil(lambda: "stopped unexpectedly" in window.hint_bar.text, timeout=5000)
    assert "unknown solver backend 'nope'" in window.hint_bar.text
    assert "hint search failed" in _errors(caplog)


def test_a_hint_runner_closed_answers_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    service = WorkerLikeService(block=True)
    runner = HintRunner(service)
    runner.close()
    assert runner.request(deal(1, FREECELL), FREECELL) is False
    assert service.calls == []


def test_an_insight_job_meeting_the_closed_service_is_no_error(  # type: ignore[no-untyped-def]
    qtbot, caplog: pytest.LogCaptureFixture
) -> None:
    """The session closes its services at the end; a job still queued then is
    dropped without a word: no callback, no errback, no error in the log."""
    service = WorkerLikeService()
    jobs = SolverJobs(service)
    service.close()
    heard: list[object] = []
    with caplog.at_level(logging.DEBUG):
        jobs.submit(
            "live",
            lambda s: s.solve(deal(1, FREECELL), FREECELL, Budget(), Mode.FAST),
            heard.append,
            heard.append,
        )
        assert jobs.wait(5000)
        qtbot.wait(50)
    assert heard == []
    assert _errors(caplog) == []
    assert "closed solver service" in caplog.text
    jobs.close()


def test_a_lazy_service_closed_before_its_first_use_starts_no_worker() -> None:
    made: list[SolverService] = []

    def factory() -> SolverService:
        made.append(SolverService())
        return made[-1]

    lazy = LazyService(factory)
    lazy.close()
    with pytest.raises(SolverServiceClosed):
        lazy.solve(deal(1, FREECELL), FREECELL, Budget(), Mode.FAST)
    with pytest.raises(SolverServiceClosed):
        lazy.warm_up()
    assert made == []


def test_moves_and_closing_make_no_hint_runner_nobody_asked_for(  # type: ignore[no-untyped-def]
    qtbot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window whose player never asks for a hint (and no insight listens for one)
    makes no hint runner: moves, a new deal, an undo and the close cancel nothing."""
    import freecell.ui.features.hints as hints_module
    from freecell.engine.commands import MoveCards, NewDeal, Undo
    from freecell.engine.rules import legal_moves

    made: list[HintRunner] = []

    class Counted(HintRunner):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            made.append(self)

    monkeypatch.setattr(hints_module, "HintRunner", Counted)
    window = make_window(qtbot, service=FakeService())
    assert window.insight is None
    game = window.bus.game
    window.dispatch(MoveCards(legal_moves(game.position, game.variant)[0]))
    window.dispatch(Undo())
    window.dispatch(NewDeal(2))
    window.close()
    assert made == []
    asking = make_window(qtbot, service=FakeService())
    asking.hint()  # a hint asked for still makes one
    assert len(made) == 1
    asking.close()
