"""Trust, then verify (issue 36, finding 1): an *unsolvable* is a proof only from a
backend the project trusts to be exhaustive (the built-in search, Freecell Solver)
or when one confirms it; any other backend's is checked by the built-in search --
confirmed, refuted (a lie: the built-in's win is the answer and the backend's plugin
goes off), or said as that backend's opinion.  *Solved* stays checked move by move."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell.cli import main
from freecell.cli import solve as solve_command
from freecell.engine import BAKERS_GAME, FREECELL, deal
from freecell.plugin_host import create_manager
from freecell.plugin_host.reasons import Why
from freecell.plugin_host.solvers import choose_backend
from freecell.solver import Budget, Mode, Solved, Unknown, Unsolvable
from freecell.solver.backends import (
    BUILTIN_ID,
    Answer,
    FallbackReason,
    fallback_message,
    guarded_solve,
)
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.fcsolve import FcSolveBackend
from freecell.solver.service import SolverService
from freecell.solver.trust import TRUSTED_BACKENDS, is_trusted, opinion_message
from hostile_plugins import LIAR_SOURCE
from plugin_helpers import FakeSite, fake_site, user_plugin_folder, write_plugin

ENOUGH = Budget(states=400_000, seconds=30)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    yield from user_plugin_folder(tmp_path)


@pytest.fixture
def liars(folder: Path) -> dict[str, object]:
    write_plugin(folder, "liars", LIAR_SOURCE)
    manager = create_manager({"liars": True}, user_plugin_dir=folder)
    assert not manager.notices
    return {b.id: b for b in manager.solver_backends()}


def test_trust_is_the_projects_set_of_shipped_backends(liars: dict[str, object]) -> None:
    assert {"builtin", "fc-solve"} == TRUSTED_BACKENDS
    assert is_trusted(BuiltinSolver()) and is_trusted(FcSolveBackend())
    # a subclass of the built-in search, an attribute or an id claimed: not trusted
    assert not is_trusted(liars["impostor"]) and not is_trusted(liars["liar"])

    class Named(BuiltinSolver):
        id = "builtin"

    assert not is_trusted(Named())
    pretender = BuiltinSolver()
    pretender.id = "fc-solve"  # type: ignore[misc]
    assert not is_trusted(pretender)


@pytest.mark.parametrize("backend_id", ["liar", "impostor"])
def test_a_lying_unsolvable_is_refuted_by_the_built_in(
    liars: dict[str, object], backend_id: str
) -> None:
    answer = guarded_solve(liars[backend_id], deal(1, FREECELL), FREECELL, ENOUGH)  # type: ignore[arg-type]
    assert isinstance(answer.verdict, Solved) and answer.verdict.moves
    assert answer.backend_id == BUILTIN_ID
    assert answer.fallback is not None and answer.fallback.reason is FallbackReason.LIED
    said = fallback_message(answer.fallback)
    assert "found a way to win" in said and "is turned off" in said


def test_an_unsolvable_the_built_in_cannot_decide_is_only_an_opinion(
    liars: dict[str, object],
) -> None:
    answer = guarded_solve(liars["liar"], deal(1, FREECELL), FREECELL, Budget(states=1))  # type: ignore[arg-type]
    assert isinstance(answer.verdict, Unknown) and not answer.verdict.cancelled
    assert answer.fallback is None and answer.unconfirmed == "Liar Solver"
    assert opinion_message(answer.unconfirmed).startswith("The solver Liar Solver thinks")


def test_an_unsolvable_the_built_in_proves_too_stands(liars: dict[str, object]) -> None:
    answer = guarded_solve(
        liars["liar"],  # type: ignore[arg-type]
        deal(14, BAKERS_GAME),
        BAKERS_GAME,
        Budget(states=1_000_000, seconds=60),
    )
    assert isinstance(answer.verdict, Unsolvable) and answer.verdict.states > 1000
    assert answer.backend_id == "liar" and answer.fallback is None and not answer.unconfirmed


def test_the_take_backs_variant_never_says_unsolvable(liars: dict[str, object]) -> None:
    manager = create_manager({})
    takebacks = manager.variant("freecell-takebacks")
    assert takebacks.foundation_return
    for budget in (ENOUGH, Budget(states=1)):
        answer = guarded_solve(liars["liar"], deal(1, takebacks), takebacks, budget)  # type: ignore[arg-type]
        assert not isinstance(answer.verdict, Unsolvable)


def test_moves_as_strings_are_a_bad_answer_not_a_traceback(liars: dict[str, object]) -> None:
    answer = guarded_solve(liars["wordy"], deal(1, FREECELL), FREECELL, ENOUGH)  # type: ignore[arg-type]
    assert answer.fallback is not None and answer.fallback.reason is FallbackReason.BAD_ANSWER
    assert isinstance(answer.verdict, Solved) and answer.backend_id == BUILTIN_ID


def test_a_backend_caught_lying_is_turned_off_with_a_notice(folder: Path) -> None:
    write_plugin(folder, "liars", LIAR_SOURCE)
    manager = create_manager({"liars": True}, user_plugin_dir=folder)
    heard: list[int] = []
    manager.subscribe(lambda: heard.append(1))
    assert choose_backend(manager, "liar").value is not None
    assert manager.distrust("liar")
    (notice,) = manager.take_notices()
    assert notice.plugin == "liars" and notice.reason.code is Why.LIED
    assert "liar" not in {b.id for b in manager.solver_backends()} and heard
    assert not manager.distrust(BUILTIN_ID)  # the game's own search is trusted
    assert "solvers" not in {n.plugin for n in manager.notices}


# -- freecell-cli solve ---------------------------------------------------------------


@pytest.fixture
def cli_liars(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Iterator[FakeSite]:
    for site in fake_site(tmp_path, monkeypatch):
        site.install("freecell-liars", "freecell_liars", LIAR_SOURCE, entry_name="liars")
        assert main(["plugins", "--enable", "liars"]) == 0
        capsys.readouterr()
        yield site


@pytest.mark.parametrize("variant", ["freecell", "freecell-takebacks"])
def test_cli_solve_with_a_liar_never_prints_unsolvable(
    cli_liars: FakeSite, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    code = main(["solve", "1", "--backend", "liar", "--variant", variant])
    out, err = capsys.readouterr()
    assert code == 0 and "unsolvable" not in out
    assert out.startswith("solved in ")
    assert err == (
        "freecell-cli: warning: The solver Liar Solver called this position lost, but the "
        "built-in solver found a way to win; Liar Solver is turned off.\n"
    )
    code = main(["solve", "1", "--backend", "liar", "--variant", variant, "--json"])
    out, _err = capsys.readouterr()
    assert code == 0 and json.loads(out)["verdict"] == "solved"


def test_cli_solve_says_an_unconfirmed_unsolvable_as_an_opinion(
    cli_liars: FakeSite, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the guard's answer when the built-in could not decide (tested above, with a
    # budget of one state, which the command line does not offer)
    opinion = Answer(Unknown(None, 7, 0.01), "liar", unconfirmed="Liar Solver")
    monkeypatch.setattr(solve_command, "solve_with", lambda *args: opinion)
    code = main(["solve", "1", "--backend", "liar"])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and "unsolvable" not in out
    assert out.startswith("unknown: no verdict")
    assert out.rstrip().endswith(opinion_message("Liar Solver"))
    code = main(["solve", "1", "--backend", "liar", "--json"])
    shape = json.loads(capsys.readouterr()[0])
    assert shape["verdict"] == "unknown"
    assert shape["unconfirmed"] == {"backend": "liar", "said": "unsolvable"}


def test_cli_moves_as_strings_are_one_warning_not_a_worker_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    for site in fake_site(tmp_path, monkeypatch):
        site.install("freecell-liars", "freecell_liars", LIAR_SOURCE, entry_name="liars")
        assert main(["plugins", "--enable", "liars"]) == 0
        capfd.readouterr()
        code = main(["solve", "1", "--backend", "wordy"])
        out, err = capfd.readouterr()  # the worker process's stderr too
        assert code == 0 and out.startswith("solved in ") and "Traceback" not in err
        assert err.count("\n") == 1
        assert "The solver Wordy Solver gave an answer that does not hold" in err


def test_the_worker_brings_an_unconfirmed_opinion_back(folder: Path) -> None:
    """Through the solver's worker process, as in the window: the built-in's check
    of the liar's "unsolvable" ends undecided (one state allowed), so the answer is
    no verdict and the liar's opinion, never a proof."""
    write_plugin(folder, "liars", LIAR_SOURCE)
    manager = create_manager({"liars": True}, user_plugin_dir=folder)
    loader = choose_backend(manager, "liar").value
    assert loader is not None
    with SolverService() as service:
        answer = service.answer(deal(1, FREECELL), FREECELL, Budget(states=1), Mode.FAST, loader)
        lie = service.answer(deal(1, FREECELL), FREECELL, ENOUGH, Mode.FAST, loader)
    assert isinstance(answer.verdict, Unknown) and answer.unconfirmed == "Liar Solver"
    assert answer.backend_id == "liar" and answer.fallback is None
    assert lie.fallback is not None and lie.fallback.reason is FallbackReason.LIED


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_cli_rate_turns_a_liar_off_for_the_whole_run(
    cli_liars: FakeSite, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    """Caught once, the liar is asked no more this run: every later deal is the
    built-in's alone, and the notice is one line, not one a deal."""
    assert main(["rate", "1-4"]) == 0
    honest = capsys.readouterr().out

    code = main(["rate", "1-4", "--backend", "liar", "--jobs", jobs])
    out, err = capsys.readouterr()

    assert code == 0 and out == honest
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("freecell-cli: warning: deal ")
    assert "Liar Solver is turned off." in err
