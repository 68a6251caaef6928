"""Boards and moves in the notation players and Freecell Solver use: both ways."""

from __future__ import annotations

import pytest

from freecell.engine import (
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN_TOWERS,
    BoardFormatError,
    InvalidMoveNotation,
    Move,
    Pile,
    deal,
    format_board,
    parse_board,
    parse_move,
    parse_moves,
)

from positions import pos


@pytest.mark.parametrize(
    "text", ["3a", "a5", "2h", "18", "18v3", "81vc", "0h", "i1", "hS3", "hDa", "ah", "ga"]
)
def test_move_notation_round_trips(text: str) -> None:
    move = parse_move(text)
    assert move.notation == text
    assert eval(repr(move), {"Move": Move}) == move


def test_move_notation_meaning() -> None:
    assert parse_move("3a") == Move(Pile.column(2), Pile.cell(0), None)
    assert parse_move("0h") == Move(Pile.column(9), Pile.foundation(), None)
    assert parse_move("18vd").count == 13
    assert parse_move("i2").source == Pile.cell(7)  # the eighth cell: 'h' is always home


@pytest.mark.parametrize("text", ["", "3", "zz", "3a1", "hh", "h3", "18v", "18vz", "18v0", "x1"])
def test_bad_move_notation_says_why(text: str) -> None:
    with pytest.raises(InvalidMoveNotation, match="not a move"):
        parse_move(text)


def test_move_lists_allow_commas_comments_and_lines() -> None:
    assert [m.notation for m in parse_moves("3a 5h, 18v2 # a comment\n\na5\n")] == [
        "3a",
        "5h",
        "18v2",
        "a5",
    ]


def test_fresh_deal_prints_bare_columns_and_reads_back() -> None:
    position = deal(11982, FREECELL)
    text = format_board(position)
    assert "Freecells" not in text and len(text.splitlines()) == 8
    assert parse_board(text, FREECELL) == position


def test_full_format_round_trip_with_cells_home_and_empty_columns() -> None:
    position = deal(1, FREECELL)
    # Move every Ace and two to the foundations by rebuilding the position by hand.
    from freecell.engine import Game

    game = Game(FREECELL, 1)
    for move in ["5a", "5b", "5c", "5d", "5h", "b2"]:
        game.play(Move.parse(move))
    text = format_board(game.position)
    assert text.startswith("Foundations: H-0 C-0 D-A S-0\nFreecells: 6C - 4H JS\n")
    assert parse_board(text, FREECELL) == game.position
    assert position != game.position


def test_reads_fc_solve_fixed_width_cells_tens_and_colons() -> None:
    text = (
        "Foundations: H-0 C-0 D-A S-0 \n"
        "Freecells:  6C      4H  JS\n"
        ": JD KD 2S 4C 3S 6D 6S\n"
        ": 2D KC KS 5C 10D 8S 9C 8H\n"
        ": 9H 9S 9D TS 4S 8D 2H\n"
        ": JC 5S QD QH TH QS 6H\n"
        ": 5D\n"
        ": 7H QC AS AC 2C 3D\n"
        ": 7C KH AH 4D JH 8C\n"
        ": 5H 3H 3C 7S 7D TC\n"
    )
    position = parse_board(text, FREECELL)
    assert [c.short if c else None for c in position.cells] == ["6C", None, "4H", "JS"]
    assert position.foundations == (0, 1, 0, 0)
    assert position.columns[1][4].short == "TD"


def test_variant_boards() -> None:
    for variant in (EIGHT_OFF, SEAHAVEN_TOWERS):
        position = deal(99, variant)
        assert parse_board(format_board(position), variant) == position


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AH 2H\n", "the board has 1 columns; FreeCell has 8"),
        ("\n".join(["AH"] * 8), "duplicate card"),
        ("\n".join([":"] * 8), "missing card"),
        ("XX\n" * 8, "line 1: 'XX' is not a card"),
        ("Foundations: H-Z\n" + ":\n" * 8, "not a foundation"),
        ("Freecells: AH 2H 3H 4H 5H\n" + ":\n" * 8, "5 cards in free cells"),
    ],
)
def test_malformed_boards_give_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(BoardFormatError) as error:
        parse_board(text, FREECELL)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


def test_empty_columns_print_as_a_colon() -> None:
    position = pos(["KS"], home="")
    text = format_board(position)
    assert text.splitlines()[3] == ":"
