"""Cards back off the foundations as a rule option (issue 22, item 1): kept in the
variant's id, played by the engine, the CLI and the window, and never "proven lost"
by a search that leaves those moves out."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from freecell.cli import main
from freecell.engine import (
    BAKERS_GAME,
    FREECELL,
    Game,
    Move,
    Pile,
    Refusal,
    builtin_variant,
    format_board,
    parse_moves,
    split_take_backs,
    take_backs_id,
    with_take_backs,
)
from freecell.engine.refusals import Reason
from freecell.plugin_host import create_manager
from freecell.scoring import STANDARD_SCORING
from freecell.solver.api import Budget, Unknown, Unsolvable
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.fcsolve import FcSolveBackend
from freecell.storage.statistics import Statistics, record_result
from ui_helpers import board, card_point, click, drop_point, load, make_window, stuck_board

from conftest import require_fc_solve

TAKE_BACK = board(["KS", "KH", "QH", "JH"], home="H-T C-K D-K S-Q")


def test_the_option_lives_in_the_id_and_keeps_records_apart() -> None:
    variant = with_take_backs(FREECELL)
    assert variant.id == "freecell-takebacks" and variant.foundation_return
    assert variant.name == "FreeCell with take-backs"
    assert with_take_backs(variant) is variant
    assert split_take_backs("freecell-takebacks") == ("freecell", True)
    assert split_take_backs("freecell") == ("freecell", False)
    assert take_backs_id("freecell-takebacks", False) == "freecell"
    assert take_backs_id("bakers-game", True) == "bakers-game-takebacks"
    assert builtin_variant("bakers-game-takebacks") == with_take_backs(BAKERS_GAME)
    with pytest.raises(KeyError):
        builtin_variant("nope-takebacks")
    stats = record_result(Statistics(), variant.id, 617, True, 90, 100.0)
    assert stats.for_variant("freecell").played == 0
    assert stats.for_variant("freecell-takebacks").won == 1


def test_plugins_resolve_take_backs_on_any_variant() -> None:
    manager = create_manager({}, include_user_folder=False)
    assert manager.variant("freecell-takebacks") == with_take_backs(FREECELL)
    custom = manager.variant("custom-3cells-8columns-suit-kings-takebacks")
    assert custom.cells == 3 and custom.foundation_return
    with pytest.raises(KeyError):
        manager.variant("no-such-variant-takebacks")


def test_the_engine_plays_a_take_back_and_standard_scoring_charges_15() -> None:
    variant = with_take_backs(FREECELL)
    game = Game(variant, None, start=TAKE_BACK)
    step = game.play(parse_moves("hHa")[0])
    assert not isinstance(step, Refusal)
    assert game.position.foundations[2] == 9 and game.position.cells[0] is not None
    assert STANDARD_SCORING.points(step.moves, TAKE_BACK, game.position) == -15
    refused = Game(FREECELL, None, start=TAKE_BACK).play(parse_moves("hHa")[0])
    assert isinstance(refused, Refusal) and refused.code is Reason.NO_FOUNDATION_RETURN


def test_replay_and_solve_accept_take_backs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board_file = tmp_path / "board.txt"
    board_file.write_text(format_board(TAKE_BACK))
    moves = tmp_path / "moves.txt"
    moves.write_text("hHa ah\n")
    argv = ["replay", "--board", str(board_file), "--moves", str(moves)]
    assert main([*argv, "--variant", "freecell-takebacks"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[:2] == ["1: hHa ok", "2: ah ok"]
    assert main(argv) == 1
    assert "can't come back" in capsys.readouterr().out


def test_solvers_never_prove_lost_when_take_backs_are_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stuck = stuck_board()
    plain = BuiltinSolver().solve(stuck, FREECELL, Budget(10_000, 5), threading.Event())
    assert isinstance(plain, Unsolvable)
    variant = with_take_backs(FREECELL)
    verdict = BuiltinSolver().solve(stuck, variant, Budget(10_000, 5), threading.Event())
    assert isinstance(verdict, Unknown)
    board_file = tmp_path / "stuck.txt"
    board_file.write_text(format_board(stuck))
    main(["solve", "--board", str(board_file), "--variant", "freecell-takebacks"])
    assert "unsolvable" not in capsys.readouterr().out.lower()


def test_fc_solve_never_proves_lost_when_take_backs_are_allowed() -> None:
    require_fc_solve()
    stuck = stuck_board()
    backend = FcSolveBackend()
    assert isinstance(
        backend.solve(stuck, FREECELL, Budget(10_000, 5), threading.Event()), Unsolvable
    )
    verdict = backend.solve(stuck, with_take_backs(FREECELL), Budget(10_000, 5), threading.Event())
    assert isinstance(verdict, Unknown)


def test_a_tap_on_a_foundation_picks_its_top_card_up(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    load(window, TAKE_BACK, with_take_backs(FREECELL))
    click(qtbot, window, card_point(window, Pile.foundation(2)))  # the 10 of hearts
    assert window.controller.selection == (Pile.foundation(2), 0)
    qtbot.wait(400)
    click(qtbot, window, drop_point(window, Pile.column(5)))  # an empty column
    assert window.bus.game.position.columns[5][-1].short == "TH"
    assert window.bus.game.position.foundations[2] == 9
    # without the option a tap on a foundation does nothing
    load(window, TAKE_BACK, FREECELL)
    click(qtbot, window, card_point(window, Pile.foundation(2)))
    assert window.controller.selection is None


def test_preferences_and_the_custom_dialog_switch_the_option(qtbot) -> None:  # type: ignore[no-untyped-def]
    from freecell.storage import Settings
    from freecell.ui.dialogs.custom_variant import CustomVariantDialog
    from freecell.ui.dialogs.preferences import PreferencesDialog

    dialog = PreferencesDialog(
        Settings(),
        variants=[("freecell", "FreeCell"), ("bakers-game", "Baker's Game")],
        themes=[("classic", "Classic")],
        surfaces=[("green-felt", "Green felt")],
    )
    qtbot.addWidget(dialog)
    seen: list[str] = []
    dialog.settingsChanged.connect(lambda s: seen.append(s.variant))
    dialog.take_backs.setChecked(True)
    dialog.combos["variant"].setCurrentIndex(1)
    dialog.take_backs.setChecked(False)
    assert seen == ["freecell-takebacks", "bakers-game-takebacks", "bakers-game"]
    dialog.set_settings(Settings(variant="freecell-takebacks"))
    assert dialog.take_backs.isChecked() and dialog.combos["variant"].currentData() == "freecell"

    custom = CustomVariantDialog(None, builtin_variant("freecell-takebacks"))
    qtbot.addWidget(custom)
    assert custom.take_backs.isChecked()
    assert custom.variant().id == "custom-4cells-8columns-alternate-any-takebacks"
    custom.take_backs.setChecked(False)
    assert not custom.variant().foundation_return


def test_a_take_back_move_round_trips_in_notation() -> None:
    move = Move(Pile.foundation(2), Pile.column(4), 1)
    assert move.notation == "hH5"
    (parsed,) = parse_moves(move.notation)
    assert (parsed.source, parsed.dest) == (move.source, move.dest)
