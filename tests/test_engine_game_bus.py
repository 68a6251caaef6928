"""The game (history, counters, clock) and the command bus (commands in, events out)."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random

import pytest

from freecell.engine import (
    FREECELL,
    AutoFinishAvailable,
    AutoFinishStep,
    BuildRule,
    ClockChanged,
    CommandBus,
    DealStarted,
    Event,
    Game,
    GameWon,
    LoadPosition,
    Move,
    MoveApplied,
    MoveCards,
    MoveRefused,
    NewDeal,
    NoMovesLeft,
    PauseClock,
    Pile,
    Reason,
    Redo,
    Redone,
    Refusal,
    ReplayDeal,
    ResumeClock,
    SendHome,
    SetAutoPlay,
    Undo,
    Undone,
    deal,
    parse_card,
    parse_moves,
)
from freecell.texts.refusals import explain

from positions import pos


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def bus_for(number: int = 1, now: FakeTime | None = None) -> tuple[CommandBus, list[Event]]:
    bus = CommandBus(Game(FREECELL, number, now=now), now=now, rng=random.Random(1))
    seen: list[Event] = []
    bus.subscribe(seen.append)
    return bus, seen


def test_a_move_publishes_move_applied_with_the_positions() -> None:
    bus, seen = bus_for()
    events = bus.dispatch(MoveCards(Move.parse("5a")))
    assert events == seen
    applied = events[0]
    assert isinstance(applied, MoveApplied)
    assert applied.moves == (Move(Pile.column(4), Pile.cell(0), 1),)
    assert applied.before == deal(1, FREECELL) and applied.position == bus.game.position
    assert applied.move_count == 1


def test_a_refused_move_changes_nothing_and_says_why() -> None:
    bus, _seen = bus_for()
    before = bus.game.position
    events = bus.dispatch(MoveCards(Move.parse("12")))
    refusal = Refusal(
        Reason.DOES_NOT_BUILD,
        card=parse_card("6S"),
        onto=parse_card("9C"),
        build=BuildRule.ALTERNATE_COLOUR,
    )
    assert events == [MoveRefused(refusal, Move.parse("12"))]
    assert explain(refusal) == "A black 6 goes on a red 7"  # the words, at the edge
    assert bus.game.position == before and bus.game.move_count == 0


def test_undo_and_redo_are_whole_steps() -> None:
    bus, _ = bus_for()
    start = bus.game.position
    bus.dispatch(MoveCards(Move.parse("5a")))
    after = bus.game.position
    undone = bus.dispatch(Undo())[0]
    assert isinstance(undone, Undone) and undone.position == start and undone.before == after
    assert bus.game.move_count == 0
    redone = bus.dispatch(Redo())[0]
    assert isinstance(redone, Redone) and redone.position == after
    assert bus.dispatch(Redo()) == [MoveRefused(Refusal(Reason.NOTHING_TO_REDO))]
    bus.dispatch(Undo())
    assert bus.dispatch(Undo()) == [MoveRefused(Refusal(Reason.NOTHING_TO_UNDO))]


def test_a_new_move_after_undo_drops_the_redo_tail() -> None:
    bus, _ = bus_for()
    bus.dispatch(MoveCards(Move.parse("5a")))
    bus.dispatch(Undo())
    bus.dispatch(MoveCards(Move.parse("5b")))
    assert not bus.game.can_redo and bus.game.move_count == 1


def test_send_home_taps() -> None:
    board = pos(["KS AH", "KD 5C"], home="C-3")
    bus = CommandBus(Game(FREECELL, None, start=_complete(board)))
    applied = bus.dispatch(SendHome(Pile.column(0)))[0]
    assert isinstance(applied, MoveApplied) and applied.moves[0].dest == Pile.foundation(2)
    refused = bus.dispatch(SendHome(Pile.column(1)))[0]
    assert refused == MoveRefused(
        Refusal(Reason.HOME_AFTER, card=parse_card("5C"), onto=parse_card("4C"))
    )
    assert explain(refused.refusal) == "The five of clubs goes home after the four of clubs"


def _complete(board):  # type: ignore[no-untyped-def]
    """Put every card the board lacks into the last columns so the position is whole."""
    from freecell.engine import DECK, Position

    present = set(board.tableau_cards())
    for suit in range(4):
        for rank in range(1, board.foundations[suit] + 1):
            present.add(DECK[(rank - 1) * 4 + suit])
    rest = [c for c in DECK if c not in present]
    rest.sort(key=lambda c: -c.rank)
    columns = list(board.columns)
    for i, c in enumerate(rest):
        slot = 4 + i % 4
        columns[slot] = columns[slot] + (c,)
    return Position(tuple(columns), board.cells, board.foundations)


def test_auto_play_sends_safe_cards_home_in_the_same_undo_step() -> None:
    board = _complete(pos(["KS 2C", "KD AC", "KH AD"], home="H-A S-A"))
    game = Game(FREECELL, None, start=board)
    bus = CommandBus(game)
    bus.dispatch(SetAutoPlay(True))
    applied = bus.dispatch(MoveCards(Move.parse("2h")))[0]
    assert isinstance(applied, MoveApplied)
    assert [m.notation for m in applied.moves][:2] == ["2h", "3h"]
    assert game.move_count == 1
    bus.dispatch(Undo())
    assert game.position == board


def test_winning_auto_finish_one_card_at_a_time() -> None:
    board = pos(["KS QS", "KH", "KD", "KC"], home="S-J H-Q D-Q C-Q")
    now = FakeTime()
    game = Game(FREECELL, None, start=board, now=now)
    bus = CommandBus(game, now=now)
    seen: list[Event] = []
    bus.subscribe(seen.append)
    assert game.can_auto_finish
    steps = 0
    while not game.is_won:
        now.now += 1
        events = bus.dispatch(AutoFinishStep())
        assert isinstance(events[0], MoveApplied) and events[0].auto_finish
        steps += 1
    assert steps == 5 and game.move_count == 5
    won = [e for e in seen if isinstance(e, GameWon)]
    assert len(won) == 1 and won[0].move_count == 5 and won[0].seconds == 4.0
    assert AutoFinishAvailable(False) in seen
    assert isinstance(bus.dispatch(AutoFinishStep())[0], MoveRefused)
    game.undo()
    assert game.position.cards_home == 51


def stuck_position(last_cell_free: bool = False):  # type: ignore[no-untyped-def]
    """A whole deck with no legal move: red bottoms of odd rank (red never goes on red),
    Kings and Queens in the cells, every Ace buried.  With ``last_cell_free`` the QC
    lies on column 1 instead, so that one move (1d) leaves the game stuck."""
    from freecell.engine import DECK, Position, parse_card

    bottoms = [parse_card(c) for c in ["3D", "5D", "7D", "9D", "3H", "5H", "7H", "9H"]]
    held = [parse_card(c) for c in ["KS", "KC", "QS", "QC"]]
    rest = [c for c in DECK if c not in bottoms and c not in held]
    columns = [(*tuple(rest[i * 5 : i * 5 + 5]), bottoms[i]) for i in range(8)]
    cells: list = list(held)
    if last_cell_free:
        columns[0] = columns[0] + (cells[3],)
        cells[3] = None
    return Position(tuple(columns), tuple(cells), (0, 0, 0, 0))


def test_no_moves_left_is_announced_after_the_move_that_causes_it() -> None:
    start = stuck_position(last_cell_free=True)
    start.validate()
    bus = CommandBus(Game(FREECELL, None, start=start))
    events = bus.dispatch(MoveCards(Move.parse("1d")))
    assert isinstance(events[0], MoveApplied)
    assert NoMovesLeft() in events
    assert not bus.game.has_legal_move
    assert NoMovesLeft() not in bus.dispatch(Undo())  # one move back, moves again
    loaded = bus.dispatch(LoadPosition(stuck_position(), FREECELL))
    assert NoMovesLeft() in loaded


def test_new_deal_replay_and_load() -> None:
    bus, _seen = bus_for(1)
    bus.dispatch(MoveCards(Move.parse("5a")))
    events = bus.dispatch(NewDeal(617))
    assert isinstance(events[0], DealStarted) and events[0].deal_number == 617
    assert bus.game.position == deal(617, FREECELL) and bus.game.move_count == 0
    bus.dispatch(MoveCards(Move.parse("1a")))
    replay = bus.dispatch(ReplayDeal())[0]
    assert isinstance(replay, DealStarted) and replay.position == deal(617, FREECELL)
    assert not bus.game.can_undo
    refused = bus.dispatch(NewDeal(0))
    assert isinstance(refused[0], MoveRefused)
    assert refused[0].refusal == Refusal(Reason.BAD_DEAL_NUMBER, count=0)
    assert "out of range" in explain(refused[0].refusal)
    assert bus.game.deal_number == 617
    random_deal = bus.dispatch(NewDeal())[0]
    assert isinstance(random_deal, DealStarted) and random_deal.deal_number is not None
    loaded = bus.dispatch(LoadPosition(deal(5, FREECELL), FREECELL))[0]
    assert isinstance(loaded, DealStarted) and loaded.deal_number is None


def test_clock_starts_on_the_first_move_and_pauses() -> None:
    now = FakeTime()
    bus, _ = bus_for(1, now)
    now.now += 50
    assert bus.game.elapsed == 0
    bus.dispatch(MoveCards(Move.parse("5a")))
    now.now += 10
    assert bus.game.elapsed == 10
    assert bus.dispatch(PauseClock()) == [ClockChanged(False, 10)]
    now.now += 100
    assert bus.game.elapsed == 10
    assert bus.dispatch(ResumeClock()) == [ClockChanged(True, 10)]
    now.now += 5
    assert bus.game.elapsed == 15


STUCK_617 = "3a 3b 3c 4d 82 52 46"  # all cells full, nothing can move


def test_no_legal_move_is_said_at_once_and_stops_the_clock_until_undo() -> None:
    now = FakeTime()
    bus, seen = bus_for(617, now)
    *first, last = parse_moves(STUCK_617)
    for move in first:
        bus.dispatch(MoveCards(move))
        now.now += 1
    assert not any(isinstance(e, NoMovesLeft) for e in seen)
    events = bus.dispatch(MoveCards(last))
    assert any(isinstance(e, NoMovesLeft) for e in events)
    assert not bus.game.has_legal_move and not bus.game.clock.running
    stopped = bus.game.elapsed
    now.now += 100
    assert bus.game.elapsed == stopped
    # coming back to the window does not start it again: there is nothing to play
    bus.dispatch(PauseClock())
    assert bus.dispatch(ResumeClock()) == [ClockChanged(False, stopped)]
    # undo: the game goes on, and so does the clock
    bus.dispatch(Undo())
    assert bus.game.clock.running
    now.now += 3
    assert bus.game.elapsed == stopped + 3
    bus.dispatch(Redo())
    assert not bus.game.clock.running


def test_a_clock_paused_while_the_player_is_away_stays_paused_through_moves() -> None:
    now = FakeTime()
    bus, _ = bus_for(617, now)
    moves = parse_moves(STUCK_617)
    bus.dispatch(MoveCards(moves[0]))
    bus.dispatch(PauseClock())  # the window went to the background; the stepper plays on
    bus.dispatch(MoveCards(moves[1]))
    bus.dispatch(Undo())
    assert not bus.game.clock.running


def test_a_failing_subscriber_does_not_stop_the_others(caplog) -> None:  # type: ignore[no-untyped-def]
    bus, seen = bus_for()

    def broken(event: Event) -> None:
        raise RuntimeError("boom")

    bus.subscribe(broken)
    late: list[Event] = []
    unsubscribe = bus.subscribe(late.append)
    bus.dispatch(MoveCards(Move.parse("5a")))
    assert seen and late and "boom" in caplog.text
    unsubscribe()
    bus.dispatch(Undo())
    assert len(late) == 1


def test_commands_and_events_are_frozen_values() -> None:
    """They are frozen, slotted dataclasses: equal, hashed, shown, matched and pickled
    by their fields."""
    move = Move.parse("3a")
    command = MoveCards(move)
    assert command == MoveCards(move=move) and hash(command) == hash(MoveCards(move))
    assert command != SendHome(Pile.column(2)) and Undo() != Redo() and Undo() == Undo()
    assert NewDeal() == NewDeal(None, None) and NewDeal(5).number == 5
    assert repr(command) == "MoveCards(move=Move.parse('3a'))"
    assert repr(NoMovesLeft()) == "NoMovesLeft()"
    with pytest.raises(dataclasses.FrozenInstanceError):
        command.move = Move.parse("3b")  # type: ignore[misc]
    assert not hasattr(command, "__dict__")
    applied = MoveApplied((move,), deal(1, FREECELL), deal(2, FREECELL), 1)
    assert applied.auto_finish is False
    assert pickle.loads(pickle.dumps(applied)) == applied
    assert copy.deepcopy(applied) == applied
    assert {ClockChanged(True, 1.5), ClockChanged(True, 1.5)} == {ClockChanged(True, 1.5)}
    match command:
        case MoveCards(found):
            assert found is move
        case _:
            raise AssertionError("MoveCards did not match by position")
    with pytest.raises(TypeError):
        MoveCards()  # type: ignore[call-arg]
