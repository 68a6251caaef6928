"""The built-in variants plugin: every variant deals and plays; Eight Off and
Seahaven start with cards in the cells; Kings-only columns refuse other cards; the
Custom variant round-trips through its id."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from freecell.engine import (
    BuildRule,
    CommandBus,
    EmptyColumnRule,
    Move,
    MoveApplied,
    MoveCards,
    NewDeal,
    Pile,
    Position,
    Reason,
    Refusal,
    Undo,
    Undone,
    Variant,
    check_move,
    deal,
    legal_moves,
)
from freecell.plugin_host import create_manager, custom_variant, parse_custom_variant_id
from freecell.plugin_host.custom import DEFAULT_CUSTOM_ID, custom_variant_id
from freecell.plugin_host.offerings import Offerings
from freecell.plugin_host.reasons import PluginReason, Why
from freecell.plugin_host.variants import VariantLookup

MANAGER_VARIANTS = {v.id: v for v in create_manager({}).variants()}

EXPECTED = {
    # id: (cells, columns, cards in cells at the start)
    "freecell": (4, 8, 0),
    "freecell-3": (3, 8, 0),
    "freecell-2": (2, 8, 0),
    "freecell-1": (1, 8, 0),
    "bakers-game": (4, 8, 0),
    "eight-off": (8, 8, 4),
    "seahaven": (4, 10, 2),
    "forecell": (4, 8, 4),
}


def test_the_plugin_offers_the_whole_family() -> None:
    assert list(MANAGER_VARIANTS) == list(EXPECTED)


@pytest.mark.parametrize("variant_id", list(EXPECTED))
def test_each_builtin_variant_deals_and_plays(variant_id: str) -> None:
    variant = MANAGER_VARIANTS[variant_id]
    cells, columns, in_cells = EXPECTED[variant_id]
    assert (variant.cells, variant.columns) == (cells, columns)
    bus = CommandBus(variant=variant)
    bus.dispatch(NewDeal(11982))
    start = bus.game.position
    start.validate()
    assert len(start.columns) == columns
    assert len(start.cells) == cells
    assert sum(card is not None for card in start.cells) == in_cells
    assert sum(len(column) for column in start.columns) == 52 - in_cells
    moves = legal_moves(start, variant)
    assert moves, f"{variant.name} deal 11982 offers no move"
    events = bus.dispatch(MoveCards(moves[0]))
    assert isinstance(events[0], MoveApplied)
    assert bus.game.position != start
    assert isinstance(bus.dispatch(Undo())[0], Undone)
    assert bus.game.position == start


def test_seahaven_deals_ten_columns_of_five_and_two_cells() -> None:
    position = deal(1, MANAGER_VARIANTS["seahaven"])
    assert [len(column) for column in position.columns] == [5] * 10
    assert sum(card is not None for card in position.cells) == 2


def _with_empty_first_column(variant: Variant) -> Position:
    """Deal 1 with column 1's cards piled onto column 2, and the King of spades moved
    to the end of column 3 (a card set that is still the whole deck)."""
    start = deal(1, variant)
    columns = [list(column) for column in start.columns]
    columns[1].extend(columns[0])
    columns[0] = []
    king = next(c for column in columns for c in column if c.short == "KS")
    for column in columns:
        if king in column:
            column.remove(king)
    columns[2].append(king)
    position = start.with_piles(columns=tuple(tuple(c) for c in columns))
    position.validate()
    return position


@pytest.mark.parametrize("variant_id", ["eight-off", "seahaven", "forecell"])
def test_kings_only_columns_refuse_other_cards(variant_id: str) -> None:
    variant = MANAGER_VARIANTS[variant_id]
    assert variant.empty_column is EmptyColumnRule.KINGS_ONLY
    position = _with_empty_first_column(variant)
    not_king = next(
        i for i, column in enumerate(position.columns) if column and column[-1].rank != 13
    )
    refused = check_move(position, variant, Move(Pile.column(not_king), Pile.column(0), 1))
    assert isinstance(refused, Refusal)
    assert refused.code is Reason.KINGS_ONLY
    accepted = check_move(position, variant, Move(Pile.column(2), Pile.column(0), 1))
    assert isinstance(accepted, Move)


def test_freecell_columns_take_any_card() -> None:
    variant = MANAGER_VARIANTS["freecell"]
    position = _with_empty_first_column(variant)
    assert isinstance(check_move(position, variant, Move(Pile.column(1), Pile.column(0), 1)), Move)


# -- Custom --------------------------------------------------------------------------
def test_custom_variants_resolve_through_the_plugin() -> None:
    manager = create_manager({})
    variant = manager.variant("custom-2cells-10columns-suit-kings")
    assert (variant.cells, variant.columns) == (2, 10)
    assert variant.build is BuildRule.SAME_SUIT
    assert variant.empty_column is EmptyColumnRule.KINGS_ONLY
    assert manager.choose_variant(variant.id).value == variant
    bus = CommandBus(variant=variant)
    bus.dispatch(NewDeal(5))
    assert len(bus.game.position.columns) == 10
    move = legal_moves(bus.game.position, variant)[0]
    assert isinstance(bus.dispatch(MoveCards(move))[0], MoveApplied)


def test_custom_variants_go_when_the_variants_plugin_is_off() -> None:
    manager = create_manager({"variants": False})
    assert not manager.offers_custom_variants()
    choice = manager.choose_variant(DEFAULT_CUSTOM_ID)
    assert choice.value.id == "freecell" and choice.fell_back


@pytest.mark.parametrize(
    ("cells", "columns", "build", "empty"),
    [
        (0, 1, BuildRule.ANY_SUIT, EmptyColumnRule.NOTHING),
        (8, 10, BuildRule.ALTERNATE_COLOUR, EmptyColumnRule.ANY_CARD),
        (3, 7, BuildRule.SAME_SUIT, EmptyColumnRule.KINGS_ONLY),
    ],
)
def test_custom_ids_round_trip(
    cells: int, columns: int, build: BuildRule, empty: EmptyColumnRule
) -> None:
    variant = custom_variant(cells, columns, build, empty)
    assert variant.id == custom_variant_id(cells, columns, build, empty)
    assert parse_custom_variant_id(variant.id) == variant
    assert str(cells) in variant.name and str(columns) in variant.name


@pytest.mark.parametrize(
    "text",
    [
        "custom-9cells-8columns-suit-any",
        "custom-4cells-11columns-suit-any",
        "custom-4cells-0columns-suit-any",
        "custom-04cells-8columns-suit-any",
        "custom-4cells-8columns-rainbow-any",
        "custom-4cells-8columns-suit-queens",
        "custom-4cells-8columns",
        "custom",
    ],
)
def test_malformed_custom_ids_do_not_resolve(text: str) -> None:
    assert parse_custom_variant_id(text) is None
    with pytest.raises(KeyError, match="unknown variant"):
        create_manager({}).variant(text)


def test_custom_variant_rejects_impossible_parameters() -> None:
    with pytest.raises(ValueError, match="0 to 8 free cells"):
        custom_variant(cells=9)
    with pytest.raises(ValueError, match="1 to 10 columns"):
        custom_variant(columns=0)


def test_the_variant_lookup_needs_only_what_it_is_given() -> None:
    """VariantLookup works from four callables, no manager: a resolver that answers
    another variant's id is turned off with its reason, and FreeCell stands in."""
    eight_off = MANAGER_VARIANTS["eight-off"]
    offerings = Offerings()
    offerings.variants["eight-off"] = (eight_off, "variants")
    resolver = SimpleNamespace(plugin_name="liar")
    turned_off: list[tuple[str, PluginReason]] = []

    def implementations(hook_name: str) -> list[Any]:
        return [resolver] if hook_name == "freecell_resolve_variant" else []

    def call(impl: Any, **kwargs: object) -> object:
        assert impl is resolver and kwargs == {"variant_id": "custom-4cells-8columns-suit-any"}
        return eight_off

    def turn_off(name: str, reason: PluginReason, error: BaseException | None = None) -> None:
        turned_off.append((name, reason))

    lookup = VariantLookup(lambda: offerings, implementations, call, turn_off)
    assert [v.id for v in lookup.variants()] == ["freecell", "eight-off"]
    assert lookup.variant("eight-off") is eight_off
    assert lookup.variant_rules(eight_off) is None
    choice = lookup.choose_variant("custom-4cells-8columns-suit-any")
    assert choice.value.id == "freecell" and choice.fell_back
    assert [(name, reason.code) for name, reason in turned_off] == [("liar", Why.BAD_ANSWER)]
