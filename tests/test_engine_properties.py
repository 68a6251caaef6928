"""Property tests: random legal walks through every built-in variant."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from freecell.engine import (
    BUILTIN_VARIANTS,
    FREECELL,
    Game,
    Move,
    apply_move,
    check_move,
    legal_moves,
    single_card_steps,
)

deal_numbers = st.integers(min_value=1, max_value=2**33 - 1)
variants = st.sampled_from(BUILTIN_VARIANTS)


def random_walk(game: Game, data: st.DataObject, length: int) -> None:
    for _ in range(length):
        moves = legal_moves(game.position, game.variant)
        if not moves:
            break
        move = data.draw(st.sampled_from(moves))
        result = game.play(move)
        assert not hasattr(result, "reason"), f"legal_moves offered a refused move {move}: {result}"


@settings(max_examples=40, deadline=None)
@given(number=deal_numbers, variant=variants, data=st.data())
def test_walks_keep_every_card_exactly_once(number: int, variant, data) -> None:  # type: ignore[no-untyped-def]
    game = Game(variant, number)
    random_walk(game, data, 60)
    game.position.validate()


@settings(max_examples=30, deadline=None)
@given(number=deal_numbers, variant=variants, data=st.data())
def test_undo_to_the_start_and_redo_to_the_end(number: int, variant, data) -> None:  # type: ignore[no-untyped-def]
    game = Game(variant, number)
    random_walk(game, data, 40)
    end, count = game.position, game.move_count
    while game.undo() is not None:
        pass
    assert game.position == game.start and game.move_count == 0
    while game.redo() is not None:
        pass
    assert game.position == end and game.move_count == count


@settings(max_examples=40, deadline=None)
@given(number=deal_numbers, data=st.data())
def test_a_supermove_equals_the_single_card_moves_it_stands_for(number: int, data) -> None:  # type: ignore[no-untyped-def]
    game = Game(FREECELL, number)
    checked = 0
    for _ in range(80):
        moves = legal_moves(game.position, game.variant)
        if not moves:
            break
        runs = [m for m in moves if (m.count or 1) > 1]
        if runs:
            move = data.draw(st.sampled_from(runs))
            steps = single_card_steps(game.position, game.variant, move)
            assert len(steps) >= 2 * (move.count or 1) - 1
            position = game.position
            for step in steps:
                resolved = check_move(position, game.variant, step)
                assert isinstance(resolved, Move), f"{step} in {move}: {resolved}"
                position = apply_move(position, resolved)
            assert position == apply_move(game.position, move)
            checked += 1
        else:
            move = data.draw(st.sampled_from(moves))
        game.play(move)


@settings(max_examples=30, deadline=None)
@given(number=deal_numbers, variant=variants, data=st.data())
def test_every_legal_move_is_accepted_and_notation_round_trips(number: int, variant, data) -> None:  # type: ignore[no-untyped-def]
    game = Game(variant, number)
    random_walk(game, data, 20)
    for move in legal_moves(game.position, variant):
        again = check_move(game.position, variant, Move.parse(move.notation))
        assert again == move
