"""Every parser and loader against random input: it returns a valid object or raises
the project's own error, with a message -- nothing else escapes (no IndexError,
no KeyError, no RecursionError, no OverflowError).

Boards, move notation, deal numbers, piles and moves judged by the rules, the
decoders of settings, statistics and saved games (the files themselves are fuzzed
in tests/test_storage_fuzz.py), and plugin metadata read from source and entry
points.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from freecell.engine import (
    BUILTIN_VARIANTS,
    DECK,
    FREECELL,
    BoardFormatError,
    InvalidDealNumber,
    InvalidMoveNotation,
    Move,
    Pile,
    Position,
    Refusal,
    apply_move,
    check_move,
    deal,
    format_board,
    legal_moves,
    parse_board,
    parse_deal_number,
    parse_move,
    parse_moves,
)
from freecell.engine.deal import MAX_DEAL
from freecell.engine.moves import PileKind
from freecell.plugin_host import discovery
from freecell.storage import UnreadableFile, game_from_json
from freecell.storage.settings import Settings, settings_from_json
from freecell.storage.statistics import Statistics, statistics_from_json

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CARD_TOKENS = [c.short for c in DECK] + ["10H", "th", "AS", "0S", "KX", "1C", "ZZ", "-", ":"]
BOARD_WORDS = st.sampled_from(
    [*CARD_TOKENS, "Freecells:", "Foundations:", "H-5", "S-K", "D-0", "C-13", "#", "\ufeff"]
)
board_lines = st.lists(
    st.one_of(
        st.lists(BOARD_WORDS, max_size=12).map(" ".join),
        st.text(max_size=30),
    ),
    max_size=14,
).map("\n".join)
variants = st.sampled_from(BUILTIN_VARIANTS)


@FUZZ
@given(text=st.one_of(board_lines, st.text(max_size=200)), variant=variants)
def test_parse_board_gives_a_valid_position_or_a_board_format_error(
    text: str, variant: Any
) -> None:
    try:
        position = parse_board(text, variant)
    except BoardFormatError as error:
        assert str(error)
        return
    position.validate()
    assert len(position.columns) == variant.columns and len(position.cells) == variant.cells
    assert parse_board(format_board(position), variant) == position  # and it round-trips


@FUZZ
@given(number=st.integers(1, MAX_DEAL), variant=variants)
def test_every_deal_prints_and_reads_back(number: int, variant: Any) -> None:
    position = deal(number, variant)
    assert parse_board("\ufeff" + format_board(position), variant) == position


move_texts = st.one_of(
    st.text(alphabet="0123456789abcdefghiHSCDxv ", max_size=8),
    st.text(max_size=12),
)


@FUZZ
@given(text=move_texts)
def test_parse_move_gives_a_move_that_round_trips_or_its_own_error(text: str) -> None:
    try:
        move = parse_move(text)
    except InvalidMoveNotation as error:
        assert str(error)
        return
    again = parse_move(move.notation)
    assert again.notation == move.notation and again.source == move.source


@FUZZ
@given(text=st.lists(move_texts, max_size=20).map(" ".join))
def test_parse_moves_gives_moves_or_its_own_error(text: str) -> None:
    try:
        moves = parse_moves(text)
    except InvalidMoveNotation as error:
        assert str(error)
        return
    assert all(isinstance(m, Move) for m in moves)


@FUZZ
@given(
    text=st.one_of(
        st.text(max_size=30),
        st.text(alphabet="0123456789#, _²١٢٣", max_size=30),
        st.integers().map(str),
    )
)
def test_parse_deal_number_gives_a_deal_number_or_its_own_error(text: str) -> None:
    try:
        number = parse_deal_number(text)
    except InvalidDealNumber as error:
        assert str(error)
        return
    assert 1 <= number <= MAX_DEAL
    assert all(c in "0123456789#, _" for c in text.strip())


indexes = st.integers(-3, 12)


@FUZZ
@given(kind=st.sampled_from(list(PileKind)), index=indexes)
def test_a_pile_is_valid_or_a_value_error(kind: PileKind, index: int) -> None:
    try:
        pile = Pile(kind, index)
    except ValueError as error:
        assert str(error)
        return
    assert pile.label and (pile.notation or kind is PileKind.FOUNDATION)


def _piles() -> st.SearchStrategy[Pile]:
    return st.one_of(
        st.integers(0, 9).map(Pile.column),
        st.sampled_from([-1, *range(8)]).map(Pile.cell),
        st.sampled_from([-1, 0, 1, 2, 3]).map(Pile.foundation),
    )


@FUZZ
@given(
    number=st.integers(1, 32000),
    variant=variants,
    source=_piles(),
    dest=_piles(),
    count=st.one_of(st.none(), st.integers(-2, 60)),
    plays=st.integers(0, 30),
)
def test_the_rules_refuse_or_resolve_any_move_on_any_variant(
    number: int, variant: Any, source: Pile, dest: Pile, count: int | None, plays: int
) -> None:
    position = deal(number, variant)
    for _ in range(plays):  # somewhere into the game, by legal moves
        options = legal_moves(position, variant)
        if not options:
            break
        position = apply_move(position, options[number % len(options)])
    if count is not None and count < 1:
        with pytest.raises(ValueError, match="at least one card"):
            Move(source, dest, count)
        return
    move = Move(source, dest, count)
    judged = check_move(position, variant, move)
    if isinstance(judged, Refusal):
        assert judged.code and str(move) and move.source.label and move.dest.label
    else:  # resolved: exact, and it plays to a valid position
        assert judged.count is not None and judged.count >= 1 and judged.notation
        apply_move(position, judged).validate()


def test_a_won_game_has_no_legal_move() -> None:
    import dataclasses

    won = Position(columns=((),) * 8, cells=(None,) * 4, foundations=(13, 13, 13, 13))
    for variant in (FREECELL, dataclasses.replace(FREECELL, foundation_return=True)):
        assert legal_moves(won, variant) == []
        refused = check_move(won, variant, Move(Pile.foundation(0), Pile.column(0), 1))
        assert isinstance(refused, Refusal)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Pile.cell(8), "free cell index 8"),
        (lambda: Pile.column(10), "column index 10"),
        (lambda: Pile.column(-1), "column index -1"),
        (lambda: Pile.foundation(4), "foundation index 4"),
    ],
)
def test_out_of_range_piles_are_a_precise_value_error(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


# -- the decoders of the files (the files themselves: tests/test_storage_fuzz.py) ----

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=25,
)
GAME_KEYS = ["variant", "deal", "start", "steps", "index", "move_count", "seconds", "auto_play"]
games = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(["freecell", "eight-off", "nope"]) | json_values,
        "deal": st.sampled_from([1, 617, 0, -5, 2**40]) | json_values,
        "start": st.just(format_board(deal(617, FREECELL))) | json_values,
        "steps": st.lists(
            st.fixed_dictionaries({"moves": st.lists(st.sampled_from(["3a", "1h", "18", "zz"]))}),
            max_size=4,
        )
        | json_values,
        "index": st.integers(-1, 5) | json_values,
        "move_count": st.integers(-1, 5) | json_values,
        "seconds": st.floats(allow_nan=True) | json_values,
        "auto_play": json_values,
    },
)


@FUZZ
@given(document=st.one_of(games, json_values))
def test_a_saved_game_decodes_or_is_unreadable(document: Any) -> None:
    try:
        game = game_from_json(document)
    except UnreadableFile as error:
        assert error.reason
        return
    assert 0 <= game.index <= len(game.steps)


@FUZZ
@given(
    document=st.one_of(
        json_values,
        st.fixed_dictionaries(
            {"variants": st.dictionaries(st.sampled_from(["freecell", ""]), json_values)}
        ),
        st.fixed_dictionaries(
            {
                "variants": st.dictionaries(
                    st.just("freecell"),
                    st.fixed_dictionaries(
                        {},
                        optional={
                            k: st.integers(-1, 2**70) | json_values
                            for k in ("played", "won", "fastest_win", "best_score")
                        }
                        | {"deals": st.dictionaries(st.text(max_size=12), json_values)},
                    ),
                )
            }
        ),
    )
)
def test_statistics_decode_or_are_unreadable(document: Any) -> None:
    try:
        stats = statistics_from_json(document)
    except UnreadableFile as error:
        assert error.reason
        return
    assert isinstance(stats, Statistics)
    for figures in stats.variants.values():
        assert 0 <= figures.won <= figures.played


@FUZZ
@given(document=json_values)
def test_settings_always_decode(document: Any) -> None:
    assert isinstance(settings_from_json(document), Settings)


# -- plugin metadata ---------------------------------------------------------------

sources = st.one_of(
    st.text(max_size=300),
    st.lists(
        st.sampled_from(
            [
                '"""Doc."""',
                "__version__ = '1.0'",
                "__version__ = 3",
                "def freecell_variants(): pass",
                "async def freecell_card_themes(): pass",
                "x = (",
                "\x00",
                "class A: pass",
            ]
        ),
        max_size=8,
    ).map("\n".join),
)


@FUZZ
@given(source=sources)
def test_plugin_source_is_read_without_running_it(source: str) -> None:
    hooks, doc, version = discovery._static_hooks(source)
    assert isinstance(doc, str) and isinstance(version, str)
    assert all(name.startswith("freecell_") for name in hooks)


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=st.binary(max_size=400) | sources.map(lambda s: s.encode("utf-8", "replace")))
def test_a_user_folder_of_any_files_gives_candidates(tmp_path: Path, raw: bytes) -> None:
    folder = tmp_path / "plugins"
    folder.mkdir(exist_ok=True)
    (folder / "anything.py").write_bytes(raw)
    (found,) = [c for c in discovery.user_folder_candidates(folder) if c.name == "anything"]
    assert found.location.endswith("anything.py")


@FUZZ
@given(value=st.text(max_size=60))
def test_any_entry_point_value_is_read_without_running_it(value: str) -> None:
    assume("\x00" not in value)
    hooks, doc = discovery._entry_point_hooks(value)
    assert isinstance(hooks, tuple) and isinstance(doc, str)
