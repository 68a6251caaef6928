"""UndoTo / RedoTo: going back (or forward) several steps as one command."""

from __future__ import annotations

from freecell.engine import (
    FREECELL,
    CommandBus,
    Game,
    MoveCards,
    MoveRefused,
    Redo,
    Redone,
    RedoTo,
    Undo,
    Undone,
    UndoTo,
    legal_moves,
)


def _played(steps: int) -> CommandBus:
    bus = CommandBus(Game(FREECELL, 1))
    for _ in range(steps):
        move = legal_moves(bus.game.position, FREECELL)[0]
        assert not any(isinstance(e, MoveRefused) for e in bus.dispatch(MoveCards(move)))
    return bus


def test_undo_to_goes_back_in_one_command_and_one_event() -> None:
    bus = _played(5)
    game = bus.game
    target = game.steps[1].position
    later = game.position
    undos = game.undo_count
    events = bus.dispatch(UndoTo(2))
    undone = [e for e in events if isinstance(e, Undone)]
    assert len(undone) == 1
    assert undone[0].before == later and undone[0].position == target
    assert undone[0].moves == tuple(m for s in game.steps[2:5] for m in s.moves)
    assert game.position == target and game.move_count == 2
    assert game.undo_count == undos + 1
    # the steps taken back stay on the redo stack
    bus.dispatch(Redo())
    assert game.position == game.steps[2].position


def test_redo_to_undoes_the_undo_to_in_one_command() -> None:
    bus = _played(4)
    game = bus.game
    where = game.position
    bus.dispatch(UndoTo(0))
    assert game.position == game.start
    events = bus.dispatch(RedoTo(4))
    assert isinstance(events[0], Redone)
    assert game.position == where and game.move_count == 4


def test_undo_to_refuses_an_index_not_behind_the_position() -> None:
    bus = _played(2)
    for index in (2, 3, -1):
        events = bus.dispatch(UndoTo(index))
        assert isinstance(events[0], MoveRefused)
    assert bus.game.move_count == 2
    assert isinstance(bus.dispatch(RedoTo(2))[0], MoveRefused)
    bus.dispatch(Undo())
    assert isinstance(bus.dispatch(RedoTo(5))[0], MoveRefused)
