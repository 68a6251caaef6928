"""The sentences a player reads (and hears) when a move is refused, in English:
the engine's refusal codes (tests/test_engine_rules.py) worded by
:func:`freecell.texts.refusals.explain`.  The same positions as the rules' tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from freecell import i18n
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
    check_move,
    parse_card,
)
from freecell.texts.refusals import explain

from positions import ANY_SUIT, NO_FILL, RETURNS, SINGLE, legal, pos, refused


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def refusal(position, move: str, variant: Variant = FREECELL) -> str:  # type: ignore[no-untyped-def]
    return explain(refused(position, move, variant))


def test_alternating_colours_and_the_reason() -> None:
    p = pos(["KC 8H", "7H", "KD 8S", "KH 8D"])
    assert legal(p, "23").count == 1
    assert refusal(p, "21") == "A red 7 goes on a black 8"
    p2 = pos(["KD QH", "JH"])
    assert refusal(p2, "21") == "A red Jack goes on a black Queen"
    p3 = pos(["KH", "KS 5C"])
    assert refusal(p3, "21") == "A black 5 goes on a red 6"


def test_same_suit_and_any_suit_reasons() -> None:
    p = pos(["KC 8S", "7H"], variant=BAKERS_GAME)
    assert refusal(p, "21", BAKERS_GAME) == "The seven of hearts goes on the eight of hearts"
    assert legal(pos(["KC 8H", "7H"], variant=BAKERS_GAME), "21", BAKERS_GAME)
    p2 = pos(["KC 9H", "7H"], variant=ANY_SUIT)
    assert refusal(p2, "21", ANY_SUIT) == "A 7 goes on an 8"
    assert legal(pos(["KC 8H", "7H"], variant=ANY_SUIT), "21", ANY_SUIT)


def test_a_king_never_goes_on_a_card() -> None:
    assert (
        refusal(pos(["QS", "KH"]), "21")
        == "A King can only go to an empty column, a free cell or home"
    )


def test_a_run_too_long_for_the_cells_is_refused_with_the_count_that_can_move() -> None:
    p = pos(
        ["KS QH JC TD 9S 8H 7C", "JS TH", "KC", "KH", "2S", "3S", "4S", "5S"], cells=["2D", "3D"]
    )
    assert refusal(p, "13") == "Not enough free cells or empty columns: you can move 3 cards now"
    assert refusal(p, "13v3") == "A black 9 goes on a red 10"
    assert legal(p, "12").count == 3  # 9S 8H 7C onto TH: exactly the limit
    one = pos(
        ["KS QH JC", "KC", "5S", "6S", "7S", "8S", "9S", "TS"], cells=["2D", "3D", "4D", "5D"]
    )
    assert refusal(one, "12") == "Not enough free cells or empty columns: you can move 1 card now"
    single = pos(["KS 9S 8H", "TH"], variant=SINGLE)
    assert refusal(single, "12v2", SINGLE) == "Only one card moves at a time in Single cards"


def test_explicit_counts() -> None:
    p = pos(["5C KS QH JC", "KD"])
    assert refusal(p, "12v5") == "There are only 4 cards in column 1"
    assert refusal(p, "12v4") == "Those cards are not in sequence: only a clean run moves together"
    assert legal(p, "13v3").count == 3  # to an empty column, the count says how many
    assert legal(p, "13").count == 1  # without a count, one card goes to an empty column


def test_empty_column_rules() -> None:
    kings = pos(["2C QH", "KS"], variant=EIGHT_OFF)
    assert refusal(kings, "13", EIGHT_OFF) == "Only a King can fill an empty column"
    assert legal(kings, "23", EIGHT_OFF)
    assert (
        refusal(pos(["2C QH"], variant=NO_FILL), "12", NO_FILL)
        == "Empty columns can't be filled in No fill"
    )


def test_free_cells() -> None:
    p = pos(["KS QH", "KD"], cells=["5C", None, None, None])
    assert refusal(p, "1a") == "That free cell is taken"
    assert legal(p, "1b").dest == Pile.cell(1)
    assert refusal(p, "ab") == "Cards don't move from one free cell to another"
    assert refusal(p, "b1") == "That free cell is empty"
    full = pos(["KS QH"], cells=["5C", "6C", "7C", "8C"])
    result = check_move(full, FREECELL, Move(Pile.column(0), Pile.cell()))
    assert isinstance(result, Refusal) and explain(result) == "No free cell is empty"
    assert refusal(pos(["KS QH JC"]), "1av2") == "A free cell holds one card"
    zero = Variant(id="zero", name="Zero", cells=0)
    assert refusal(pos(["KS"], variant=zero), "1a", zero) == "Zero has no free cells"


def test_foundations() -> None:
    p = pos(["KS 2H", "KD AH", "KC 3S"], home="S-A")
    assert refusal(p, "1h") == "Only an Ace can start a foundation"
    assert legal(p, "2h").dest == Pile.foundation(2)
    assert refusal(p, "3h") == "The three of spades goes home after the two of spades"
    assert refusal(pos(["KS QH JC"]), "1hv2") == "Cards go home one at a time"


def test_foundation_returns_only_where_the_variant_allows() -> None:
    p = pos(["KS", "JC"], home="H-T")
    assert refusal(p, "hH2") == "Cards can't come back off the foundations in FreeCell"
    moved = legal(p, "hH2", RETURNS)
    after = apply_move(p, moved)
    assert after.foundations[2] == 9 and after.columns[1][-1] == parse_card("TH")
    assert refusal(pos(["KS"]), "hS2", RETURNS) == "That foundation is empty"


def test_missing_piles_and_no_ops() -> None:
    p = pos(["KS"])
    assert refusal(p, "19") == "There is no column 9 in FreeCell"
    assert refusal(p, "1e") == "There is no free cell e in FreeCell"
    assert refusal(p, "11") == "The cards are already there"
    assert refusal(p, "21") == "That column is empty"


@pytest.mark.parametrize(
    ("language", "n", "words"),
    [
        ("pl", 1, "teraz możesz przenieść 1 kartę"),
        ("pl", 3, "teraz możesz przenieść 3 karty"),
        ("pl", 5, "teraz możesz przenieść 5 kart"),
        ("pl", 22, "teraz możesz przenieść 22 karty"),
        ("ru", 21, "сейчас можно перенести 21 карту"),
        ("ru", 11, "сейчас можно перенести 11 карт"),
        ("uk", 21, "зараз можна перенести 21 карту"),
        ("uk", 3, "зараз можна перенести 3 карти"),
        ("uk", 12, "зараз можна перенести 12 карт"),
        ("cs", 1, "teď můžete přesunout 1 kartu"),
        ("cs", 3, "teď můžete přesunout 3 karty"),
        ("cs", 21, "teď můžete přesunout 21 karet"),
        ("de", 1, "Du kannst jetzt 1 Karte bewegen"),
        ("ja", 4, "今移せるのは4枚です"),
    ],
)
def test_the_same_code_in_other_languages_with_their_plural_forms(
    language: str, n: int, words: str
) -> None:
    i18n.set_language(language)
    assert words in explain(Refusal(Reason.TOO_MANY_CARDS, count=n))


def test_card_names_follow_each_languages_own_order() -> None:
    refusal = Refusal(Reason.HOME_AFTER, card=parse_card("3S"), onto=parse_card("2S"))
    expected = {
        "de": "Pik-Drei kommt erst nach Pik-Zwei auf den Ablagestapel",
        "fr": "Trois de pique ne va sur la fondation qu\u2019après deux de pique",
        "ja": "スペードの3はスペードの2の後に組札へ移します",
    }
    for language, sentence in expected.items():
        i18n.set_language(language)
        assert explain(refusal) == sentence
