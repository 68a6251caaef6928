"""The rules, one at a time, with the reason code a refused move carries (the
sentences a player reads are tested in tests/test_texts_refusals.py)."""

from __future__ import annotations

import pytest

from freecell.engine import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    Move,
    Pile,
    Reason,
    Refusal,
    Variant,
    apply_move,
    can_auto_finish,
    check_move,
    has_legal_move,
    home_move,
    is_safe_home,
    legal_moves,
    movable_limit,
    parse_card,
    run_length,
    safe_home_moves,
)
from freecell.engine.variant import BuildRule

from positions import ANY_SUIT, NO_FILL, RETURNS, SINGLE, cards, legal, pos, refused


def refusal(position, move: str, variant: Variant = FREECELL) -> Reason:  # type: ignore[no-untyped-def]
    """The code of the refusal (tests/test_texts_refusals.py words the same refusals)."""
    return refused(position, move, variant).code


# -- building --------------------------------------------------------------------------
def test_alternating_colours_and_the_reason() -> None:
    p = pos(["KC 8H", "7H", "KD 8S", "KH 8D"])
    assert legal(p, "23").count == 1
    assert refusal(p, "21") is Reason.DOES_NOT_BUILD
    p2 = pos(["KD QH", "JH"])
    assert refusal(p2, "21") is Reason.DOES_NOT_BUILD
    p3 = pos(["KH", "KS 5C"])
    assert refusal(p3, "21") is Reason.DOES_NOT_BUILD


def test_same_suit_and_any_suit_reasons() -> None:
    p = pos(["KC 8S", "7H"], variant=BAKERS_GAME)
    assert refusal(p, "21", BAKERS_GAME) is Reason.DOES_NOT_BUILD
    assert legal(pos(["KC 8H", "7H"], variant=BAKERS_GAME), "21", BAKERS_GAME)
    p2 = pos(["KC 9H", "7H"], variant=ANY_SUIT)
    assert refusal(p2, "21", ANY_SUIT) is Reason.DOES_NOT_BUILD
    assert legal(pos(["KC 8H", "7H"], variant=ANY_SUIT), "21", ANY_SUIT)


def test_a_king_never_goes_on_a_card() -> None:
    assert refusal(pos(["QS", "KH"]), "21") is Reason.KING_ON_A_CARD


# -- runs and the supermove limit ------------------------------------------------------------
def test_run_length_follows_the_build_rule() -> None:
    column = cards("2C KS QH JC TD 9S")
    assert run_length(column, BuildRule.ALTERNATE_COLOUR) == 5
    assert run_length(column, BuildRule.SAME_SUIT) == 1
    assert run_length(column, BuildRule.ANY_SUIT) == 5
    assert run_length((), BuildRule.ANY_SUIT) == 0


@pytest.mark.parametrize(
    ("free_cells", "empty_columns", "to_empty", "limit"),
    [
        (4, 0, False, 5),
        (0, 0, False, 1),
        (4, 1, False, 10),
        (4, 2, False, 20),
        (2, 2, True, 6),
        (0, 1, True, 1),
        (3, 3, False, 32),
        (1, 1, True, 2),
    ],
)
def test_supermove_limit_formula(
    free_cells: int, empty_columns: int, to_empty: bool, limit: int
) -> None:
    filled = ["KC"] * (8 - empty_columns)
    cells: list[str | None] = ["2D"] * (4 - free_cells) + [None] * free_cells
    assert movable_limit(pos(filled, cells), FREECELL, to_empty_column=to_empty) == limit


def test_empty_columns_do_not_count_where_they_take_only_kings_or_nothing() -> None:
    p = pos(["KC"] * 6, variant=EIGHT_OFF)
    assert movable_limit(p, EIGHT_OFF) == 9
    assert movable_limit(pos(["KC"] * 6, variant=NO_FILL), NO_FILL) == 5
    assert movable_limit(pos(["KC"] * 6, variant=SINGLE), SINGLE) == 1


def test_a_run_too_long_for_the_cells_is_refused_with_the_count_that_can_move() -> None:
    p = pos(
        ["KS QH JC TD 9S 8H 7C", "JS TH", "KC", "KH", "2S", "3S", "4S", "5S"], cells=["2D", "3D"]
    )
    assert refusal(p, "13") is Reason.TOO_MANY_CARDS
    assert refusal(p, "13v3") is Reason.DOES_NOT_BUILD
    assert legal(p, "12").count == 3  # 9S 8H 7C onto TH: exactly the limit
    one = pos(
        ["KS QH JC", "KC", "5S", "6S", "7S", "8S", "9S", "TS"], cells=["2D", "3D", "4D", "5D"]
    )
    assert refusal(one, "12") is Reason.TOO_MANY_CARDS
    single = pos(["KS 9S 8H", "TH"], variant=SINGLE)
    assert refusal(single, "12v2", SINGLE) is Reason.SINGLE_CARDS_ONLY


def test_explicit_counts() -> None:
    p = pos(["5C KS QH JC", "KD"])
    assert refusal(p, "12v5") is Reason.TOO_FEW_CARDS
    assert refusal(p, "12v4") is Reason.NOT_A_RUN
    assert legal(p, "13v3").count == 3  # to an empty column, the count says how many
    assert legal(p, "13").count == 1  # without a count, one card goes to an empty column


# -- empty columns, cells, foundations ---------------------------------------------------------
def test_empty_column_rules() -> None:
    kings = pos(["2C QH", "KS"], variant=EIGHT_OFF)
    assert refusal(kings, "13", EIGHT_OFF) is Reason.KINGS_ONLY
    assert legal(kings, "23", EIGHT_OFF)
    assert refusal(pos(["2C QH"], variant=NO_FILL), "12", NO_FILL) is Reason.EMPTY_COLUMNS_CLOSED


def test_free_cells() -> None:
    p = pos(["KS QH", "KD"], cells=["5C", None, None, None])
    assert refusal(p, "1a") is Reason.CELL_TAKEN
    assert legal(p, "1b").dest == Pile.cell(1)
    assert refusal(p, "ab") is Reason.CELL_TO_CELL
    assert refusal(p, "b1") is Reason.EMPTY_CELL
    full = pos(["KS QH"], cells=["5C", "6C", "7C", "8C"])
    result = check_move(full, FREECELL, Move(Pile.column(0), Pile.cell()))
    assert isinstance(result, Refusal) and result.code is Reason.NO_FREE_CELL
    assert refusal(pos(["KS QH JC"]), "1av2") is Reason.CELL_HOLDS_ONE
    zero = Variant(id="zero", name="Zero", cells=0)
    assert refusal(pos(["KS"], variant=zero), "1a", zero) is Reason.NO_CELLS


def test_foundations() -> None:
    p = pos(["KS 2H", "KD AH", "KC 3S"], home="S-A")
    assert refusal(p, "1h") is Reason.ACE_FIRST
    assert legal(p, "2h").dest == Pile.foundation(2)
    assert refusal(p, "3h") is Reason.HOME_AFTER
    assert refusal(pos(["KS QH JC"]), "1hv2") is Reason.HOME_ONE_AT_A_TIME


def test_foundation_returns_only_where_the_variant_allows() -> None:
    p = pos(["KS", "JC"], home="H-T")
    assert refusal(p, "hH2") is Reason.NO_FOUNDATION_RETURN
    moved = legal(p, "hH2", RETURNS)
    after = apply_move(p, moved)
    assert after.foundations[2] == 9 and after.columns[1][-1] == parse_card("TH")
    assert refusal(pos(["KS"]), "hS2", RETURNS) is Reason.EMPTY_FOUNDATION


def test_missing_piles_and_no_ops() -> None:
    p = pos(["KS"])
    assert refusal(p, "19") is Reason.NO_SUCH_COLUMN
    assert refusal(p, "1e") is Reason.NO_SUCH_CELL
    assert refusal(p, "11") is Reason.ALREADY_THERE
    assert refusal(p, "21") is Reason.EMPTY_COLUMN


# -- applying ----------------------------------------------------------------------------------
def test_apply_moves_keep_every_card() -> None:
    p = pos(["KS QH JC", "KC", "AH"], cells=["5C", None, None, None])
    after = apply_move(p, legal(p, "12v2"))
    assert after.columns[0] == cards("KS") and after.columns[1] == cards("KC QH JC")
    after = apply_move(after, legal(after, "3h"))
    assert after.foundations == (0, 0, 1, 0) and after.columns[2] == ()
    after = apply_move(after, legal(after, "a3"))
    assert after.cells[0] is None and after.columns[2] == cards("5C")


# -- what the position offers --------------------------------------------------------------------
def test_legal_moves_never_include_cell_to_cell_or_no_ops() -> None:
    p = pos(["5C KS QH", "7C"], cells=["5C", "6D", None, None])
    moves = legal_moves(p, FREECELL)
    for move in moves:
        assert not (move.source.is_cell and move.dest.is_cell)
        assert isinstance(check_move(p, FREECELL, move), Move)
    notations = {m.notation for m in moves}
    assert "1c" in notations and "2c" in notations and "1d" not in notations  # first free cell only
    assert "a2" not in notations and "b2" in notations  # 6D goes on 7C
    assert "13v2" in notations and "13" in notations
    assert "23" not in notations  # a lone card to an empty column is a no-op


def test_no_legal_move_left() -> None:
    stuck = pos(
        ["KS 2D", "KC 4D", "QS 6D", "QC 8D", "KH 2H", "KD 4H", "QH 6H", "QD 8H"],
        cells=["JS", "JC", "TS", "TC"],
    )
    assert legal_moves(stuck, FREECELL) == []
    assert not has_legal_move(stuck, FREECELL)
    assert has_legal_move(pos(["KS 2D"]), FREECELL)


def test_tap_sends_the_exposed_card_home_only_when_it_can_go() -> None:
    p = pos(["KS AH", "KD 2C"], cells=["AS", None, None, None], home="C-A")
    assert home_move(p, Pile.column(0)) == Move(Pile.column(0), Pile.foundation(2), 1)
    assert home_move(p, Pile.column(1)) == Move(Pile.column(1), Pile.foundation(0), 1)
    assert home_move(p, Pile.cell(0)) == Move(Pile.cell(0), Pile.foundation(3), 1)
    assert home_move(p, Pile.cell(1)) is None
    assert home_move(pos(["KS QH"]), Pile.column(0)) is None


def test_auto_finish_needs_only_exposed_cards() -> None:
    easy = pos(["KS QS", "KH", "KD", "KC"], home="S-J H-Q D-Q C-Q")
    assert can_auto_finish(easy)
    blocked = pos(["QS KS", "KH", "KD", "KC"], home="S-J H-Q D-Q C-Q")
    assert not can_auto_finish(blocked)  # the King covers the Queen it needs
    assert not can_auto_finish(pos([], home="S-K H-K D-K C-K"))  # already won


def test_safe_auto_play() -> None:
    p = pos(["KS 3H", "KD 2C", "KC AD"], home="S-A C-A H-2")
    assert not is_safe_home(p, FREECELL, parse_card("3H"))  # the black 2s are not both home
    assert not is_safe_home(p, FREECELL, parse_card("2C"))  # the red Aces are not both home
    assert is_safe_home(p, FREECELL, parse_card("AD"))  # nothing builds on an Ace
    assert not is_safe_home(p, FREECELL, parse_card("KS"))  # not playable at all
    # AD goes, which makes 2C safe; 3H still waits for the 2 of spades.
    assert [m.notation for m in safe_home_moves(p, FREECELL)] == ["3h", "2h"]
    assert is_safe_home(pos(["KS 5H"], home="H-4"), BAKERS_GAME, parse_card("5H"))
    anys = pos(["KS 3H"], home="H-2 S-2 C-2 D-A")
    assert not is_safe_home(anys, ANY_SUIT, parse_card("3H"))
    assert is_safe_home(pos(["KS 3H"], home="H-2 S-2 C-2 D-2"), ANY_SUIT, parse_card("3H"))


def test_a_refusal_carries_the_values_its_sentence_needs() -> None:
    p = pos(["KC 8H", "7H", "KD 8S", "KH 8D"])
    built = check_move(p, FREECELL, Move.parse("21"))
    assert built == Refusal(
        Reason.DOES_NOT_BUILD,
        card=parse_card("7H"),
        onto=parse_card("8H"),
        build=BuildRule.ALTERNATE_COLOUR,
    )
    home = check_move(pos(["KS 2H", "KD AH", "KC 3S"], home="S-A"), FREECELL, Move.parse("3h"))
    assert home == Refusal(Reason.HOME_AFTER, card=parse_card("3S"), onto=parse_card("2S"))
    few = check_move(pos(["5C KS QH JC", "KD"]), FREECELL, Move.parse("12v5"))
    assert few == Refusal(Reason.TOO_FEW_CARDS, pile=Pile.column(0), count=4)
    missing = check_move(pos(["KS"]), FREECELL, Move.parse("19"))
    assert missing == Refusal(Reason.NO_SUCH_COLUMN, pile=Pile.column(8), variant="FreeCell")
