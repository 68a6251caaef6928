"""Deals: byte-for-byte Microsoft numbering (golden boards made by Freecell Solver's
make-microsoft-freecell-board once and kept in tests/data/deals), and variant layouts."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest

from freecell.engine import (
    BUILTIN_VARIANTS,
    EIGHT_OFF,
    FORECELL,
    FREECELL,
    MAX_DEAL,
    SEAHAVEN_TOWERS,
    InvalidDealNumber,
    deal,
    format_board,
    microsoft_shuffle,
    parse_deal_number,
    random_deal_number,
)

from conftest import require_fc_solve

DEALS = Path(__file__).parent / "data" / "deals"
GOLDEN = sorted(int(p.stem.split("-")[1]) for p in DEALS.glob("deal-*.txt"))


def test_golden_set_covers_both_generators() -> None:
    assert {1, 617, 11982, 1000000} <= set(GOLDEN)
    assert any(n >= 2**31 for n in GOLDEN) and any(n >= 2**32 for n in GOLDEN)
    assert MAX_DEAL in GOLDEN


@pytest.mark.parametrize("number", GOLDEN)
def test_golden_deal_is_byte_for_byte(number: int) -> None:
    expected = (DEALS / f"deal-{number}.txt").read_text()
    assert format_board(deal(number, FREECELL)) == expected


def test_random_deals_match_make_microsoft_freecell_board() -> None:
    require_fc_solve()
    rng = random.Random(20261130)
    numbers = [rng.randint(1, MAX_DEAL) for _ in range(40)] + [2**31 - 1, 2**31, 2**32 - 1, 2**32]
    for number in numbers:
        expected = subprocess.run(
            ["make-microsoft-freecell-board", "-t", str(number)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert format_board(deal(number, FREECELL)) == expected, number


def test_deal_is_rows_of_eight_seven_seven_seven_seven_six_six_six_six() -> None:
    position = deal(1, FREECELL)
    assert [len(c) for c in position.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert position.cells == (None,) * 4
    position.validate()
    shuffled = microsoft_shuffle(1)
    assert [c.short for c in position.columns[0]] == [c.short for c in shuffled[0::8]]


def test_every_builtin_variant_deals_a_valid_position() -> None:
    for variant in BUILTIN_VARIANTS:
        position = deal(617, variant)
        position.validate()
        assert len(position.columns) == variant.columns
        assert len(position.cells) == variant.cells
        assert sum(c is not None for c in position.cells) == variant.cards_in_cells


def test_eight_off_seahaven_and_forecell_start_with_cells_filled() -> None:
    assert [len(c) for c in deal(5, EIGHT_OFF).columns] == [6] * 8
    assert sum(c is not None for c in deal(5, EIGHT_OFF).cells) == 4
    assert [len(c) for c in deal(5, SEAHAVEN_TOWERS).columns] == [5] * 10
    assert sum(c is not None for c in deal(5, FORECELL).cells) == 4


@pytest.mark.parametrize("text", ["0", "-5", str(MAX_DEAL + 1), "abc", "", "1.5", "12e3"])
def test_bad_deal_numbers_are_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(InvalidDealNumber, match=r"deal number|1 to"):
        parse_deal_number(text)


def test_deal_numbers_as_players_type_them() -> None:
    assert parse_deal_number(" #11982 ") == 11982
    assert parse_deal_number("1,000,000") == 1_000_000
    assert parse_deal_number(str(MAX_DEAL)) == MAX_DEAL


def test_random_deal_numbers_span_the_whole_range() -> None:
    rng = random.Random(3)
    numbers = [random_deal_number(rng) for _ in range(200)]
    assert all(1 <= n <= MAX_DEAL for n in numbers)
    assert max(numbers) > 2**32  # the FreeCell Pro range is reachable
