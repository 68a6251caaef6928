"""Sharing a game (issue 22, item 7): the game file, the CLI reading it, and the
window's copy, paste, save, open and drop."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication

from freecell.__main__ import build_parser
from freecell.cli import main
from freecell.engine import (
    FREECELL,
    Game,
    MoveCards,
    builtin_variant,
    deal,
    format_board,
    parse_moves,
    with_take_backs,
)
from freecell.engine.gamefile import (
    GameFileError,
    format_game,
    game_from_record,
    looks_like_game_file,
    parse_game,
    record_of,
)
from freecell.engine.refusals import Reason
from freecell.texts.refusals import explain
from freecell.ui.features.sharing import game_file_words, install_sharing
from ui_helpers import board, load, make_window

SOLUTION_1 = (Path(__file__).parent / "data" / "solution-1.txt").read_text()
STUCK_617 = "3a 3b 3c 4d 82 52 46"


def played(number: int, moves: str, undo: int = 0, variant=FREECELL) -> Game:  # type: ignore[no-untyped-def]
    game = Game(variant, number)
    for move in parse_moves(moves):
        game.play(move)
    for _ in range(undo):
        game.undo()
    return game


# -- the file ------------------------------------------------------------------------
def test_a_game_file_is_readable_and_rebuilds_the_game_with_its_redo_tail() -> None:
    game = played(617, STUCK_617, undo=2)
    text = format_game(record_of(game))
    assert "Variant: freecell\nDeal: 617\nMoves: 3a 3b 3c 4d 82\nRedo: 52 46\n" in text
    assert looks_like_game_file(text)
    back = game_from_record(parse_game(text, builtin_variant))
    assert back.position == game.position and back.steps == game.steps
    assert back.index == 5 and back.can_redo and back.undo_count == 0


def test_a_long_game_wraps_and_a_board_game_keeps_its_board() -> None:
    won = played(1, SOLUTION_1)
    text = format_game(record_of(won))
    assert max(len(line) for line in text.splitlines()) <= 90
    assert game_from_record(parse_game(text, builtin_variant)).is_won
    variant = with_take_backs(builtin_variant("bakers-game"))
    start = played(5, "1a 2b", variant=variant).position
    game = Game(variant, None, start=start)
    text = format_game(record_of(game))
    assert "Variant: bakers-game-takebacks\nBoard:\n" in text
    back = game_from_record(parse_game(text, builtin_variant))
    assert back.variant == variant and back.start == start and back.deal_number is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Deal: 1\n", "no Moves line"),
        ("Variant: nope\nDeal: 1\nMoves: 5a\n", "unknown variant"),
        ("Deal: 1\nMoves: 5a 5a\n", r"move 2 \(5a\) does not play"),
        ("Deal: 0\nMoves:\n", "out of range"),
        ("Deal: 1\nBoard:\nAH\nMoves:\n", "both a deal and a board"),
        ("Deal: 1\nMoves: zz\n", "'zz' is not a move"),
        ("Deal: 1\nMoves: 5a\nhello there\n", "not part of a game file"),
    ],
)
def test_a_file_that_is_not_a_game_says_why(text: str, message: str) -> None:
    with pytest.raises(GameFileError, match=message):
        game_from_record(parse_game(text, builtin_variant))


def test_a_move_that_does_not_play_carries_the_engines_reason() -> None:
    with pytest.raises(GameFileError) as caught:
        game_from_record(parse_game("Deal: 1\nMoves: 5a 5a\n", builtin_variant))
    assert caught.value.refusal is not None
    assert caught.value.refusal.code is Reason.CELL_TAKEN
    assert game_file_words(caught.value) == (
        f"move 2 (5a) does not play: {explain(caught.value.refusal)}"
    )


# -- the command line ------------------------------------------------------------------
def test_freecell_cli_replay_plays_a_saved_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "game.txt"
    saved.write_text(format_game(record_of(played(1, SOLUTION_1))))
    assert main(["replay", str(saved)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "won"
    stuck = tmp_path / "stuck.txt"
    stuck.write_text(format_game(record_of(played(617, STUCK_617))))
    assert main(["replay", "--game", str(stuck), "-q"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "no legal move"
    bad = tmp_path / "bad.txt"
    bad.write_text("Deal: 1\nMoves: 5a 5a\n")
    assert main(["replay", str(bad)]) == 1  # an illegal move is a result, as for --moves
    assert capsys.readouterr().out.splitlines()[-1].startswith("illegal move 2 (5a)")
    bad.write_text("Deal: 1\nMoves: zz\n")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "'zz' is not a move" in err and err.count("\n") == 1


def test_freecell_takes_a_file() -> None:
    args = build_parser().parse_args(["saved.txt"])
    assert args.file == "saved.txt" and args.deal is None


# -- the window ------------------------------------------------------------------------
@pytest.fixture
def shared(qtbot):  # type: ignore[no-untyped-def]
    window = make_window(qtbot, deal=617)
    return window, install_sharing(window, builtin_variant)


def test_copy_the_position_and_the_moves(shared) -> None:  # type: ignore[no-untyped-def]
    window, sharing = shared
    for move in parse_moves("3a 3b"):
        window.dispatch(MoveCards(move))
    sharing.copy_position_action.trigger()
    clipboard = QGuiApplication.clipboard()
    assert clipboard.text() == format_board(window.bus.game.position)
    sharing.copy_moves_action.trigger()
    assert clipboard.text() == "3a 3b\n"
    assert window.hint_bar.text == "2 moves copied in standard notation."


def test_paste_a_deal_number_a_board_or_a_game(shared) -> None:  # type: ignore[no-untyped-def]
    window, sharing = shared
    clipboard = QGuiApplication.clipboard()
    clipboard.setText(" #1234 \n")
    sharing.paste_action.trigger()
    assert window.bus.game.deal_number == 1234
    clipboard.setText(format_board(deal(99, FREECELL)))
    sharing.paste_action.trigger()
    assert window.bus.game.position == deal(99, FREECELL) and window.bus.game.deal_number is None
    clipboard.setText(format_game(record_of(played(617, STUCK_617, undo=1))))
    sharing.paste_action.trigger()
    game = window.bus.game
    assert game.deal_number == 617 and game.move_count == 6 and game.can_redo
    assert window.hint_bar.text == "Deal #617 is on the table after 6 moves."


def test_pasting_something_else_changes_nothing(shared) -> None:  # type: ignore[no-untyped-def]
    window, sharing = shared
    before = window.bus.game
    for text in ("", "hello", "0", "Deal: 1\nMoves: 5a 5a 5a 5a 5a\n"):
        QGuiApplication.clipboard().setText(text)
        assert not sharing.paste()
        assert window.bus.game is before
        assert window.hint_bar.kind == "problem"  # not a refused move
        assert window.hint_bar.text.startswith("The clipboard holds no FreeCell game: ")


def test_save_and_open_a_game_file(shared, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window, sharing = shared
    for move in parse_moves(STUCK_617):
        window.dispatch(MoveCards(move))
    window.undo()
    path = tmp_path / "mine.txt"
    assert sharing.save_file(str(path))
    assert path.read_text().startswith("# FreeCell game")
    position = window.bus.game.position
    window.play_deal(5)
    assert sharing.open_file(str(path))
    game = window.bus.game
    assert game.position == position and game.deal_number == 617 and game.can_redo
    window.redo()
    assert not game.has_legal_move


def test_a_file_that_is_not_a_game_gets_one_sentence(shared, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window, sharing = shared
    before = window.bus.game
    picture = tmp_path / "photo.png"
    picture.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    assert not sharing.open_file(str(picture))
    assert window.hint_bar.text == "photo.png is not a FreeCell game: it is not text."
    notes = tmp_path / "notes.txt"
    notes.write_text("buy milk\n")
    assert not sharing.open_file(str(notes))
    assert window.hint_bar.text.startswith("notes.txt holds no FreeCell game: ")
    assert not sharing.open_file(str(tmp_path / "missing.txt"))
    assert "could not be read" in window.hint_bar.text
    assert window.bus.game is before and picture.read_bytes().startswith(b"\x89PNG")


def test_a_file_dropped_on_the_table_opens(shared, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    window, _sharing = shared
    path = tmp_path / "dropped.txt"
    path.write_text(format_game(record_of(played(1, "5a 5b"))))
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    args = (
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    enter = QDragEnterEvent(QPoint(50, 50), *args)  # a real drag enters first
    QApplication.sendEvent(window.view.viewport(), enter)
    assert enter.isAccepted()
    QApplication.sendEvent(window.view.viewport(), QDropEvent(QPointF(50, 50), *args))
    assert window.bus.game.deal_number == 1 and window.bus.game.move_count == 2


def test_a_game_with_take_backs_opens_under_its_rules(shared) -> None:  # type: ignore[no-untyped-def]
    window, sharing = shared
    variant = with_take_backs(FREECELL)
    load(window, board(["KS", "KH", "QH", "JH"], home="H-T C-K D-K S-Q"), variant)
    window.dispatch(MoveCards(parse_moves("hHa")[0]))
    text = format_game(record_of(window.bus.game))
    window.play_deal(3)
    assert sharing.open_text(text, "test")
    assert window.bus.game.variant == variant and window.bus.game.position.cells[0] is not None
