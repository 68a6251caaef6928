"""The game in progress: saved, restored exactly (position, history, clock), and a
file that no longer replays moved aside; the facade following the command bus."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from freecell.core.notice_words import notice_text
from freecell.engine import (
    BAKERS_GAME,
    EIGHT_OFF,
    FREECELL,
    SEAHAVEN_TOWERS,
    TWO_CELL,
    CommandBus,
    Game,
    LoadPosition,
    Move,
    MoveCards,
    NewDeal,
    Position,
    Redo,
    Undo,
    Variant,
    apply_move,
    builtin_variant,
    card,
    has_legal_move,
    legal_moves,
)
from freecell.storage import SavedGameStore, Storage
from freecell.storage.savedgame import game_from_json, game_to_json


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _random_game(variant: Variant, deal: int, seed: int, now: FakeTime, auto_play: bool) -> Game:
    rng = random.Random(seed)
    game = Game(variant, deal, auto_play=auto_play, now=now)
    for _ in range(60):
        moves = legal_moves(game.position, game.variant)
        if not moves or game.is_won:
            break
        game.play(rng.choice(moves))
        now.t += rng.uniform(0.5, 4.0)
        if rng.random() < 0.15:
            game.undo()
    for _ in range(rng.randint(1, 4)):  # leave a redo tail
        game.undo()
    return game


def _assert_same_game(back: Game, game: Game) -> None:
    assert back.variant == game.variant
    assert back.deal_number == game.deal_number
    assert back.start == game.start
    assert back.position == game.position
    assert back.index == game.index
    assert back.move_count == game.move_count
    assert back.undo_count == game.undo_count
    assert back.auto_play == game.auto_play
    assert back.steps == game.steps  # moves, positions and auto-finish flags, redo tail too


@pytest.mark.parametrize("variant", [FREECELL, TWO_CELL, BAKERS_GAME, SEAHAVEN_TOWERS, EIGHT_OFF])
@pytest.mark.parametrize("seed", [1, 2])
def test_resume_restores_position_history_and_clock(variant: Variant, seed: int) -> None:
    now = FakeTime()
    game = _random_game(variant, 1000 + seed, seed, now, auto_play=seed == 2)
    store = SavedGameStore()
    store.save(game)
    seconds = game.elapsed

    later = FakeTime()
    back = store.load(now=later)
    assert back is not None
    _assert_same_game(back, game)
    # the clock holds the saved seconds until the next move, then counts on from them
    assert back.elapsed == pytest.approx(seconds, abs=1e-3)
    later.t += 100
    back.clock.resume()  # (the window being activated) does not start it
    assert back.elapsed == pytest.approx(seconds, abs=1e-3)
    playing = store.load(now=later)
    assert playing is not None
    # (a move that leaves something to play: with no legal move the clock waits)
    options = [
        m
        for m in legal_moves(playing.position, playing.variant)
        if has_legal_move(apply_move(playing.position, m), playing.variant)
    ]
    if options:
        playing.play(options[0])
        later.t += 10
        assert playing.clock.running
        assert playing.elapsed == pytest.approx(seconds + 10, abs=1e-3)
    # undo and redo work exactly as in the original game
    while game.can_undo:
        assert back.undo() == game.undo()
        assert back.position == game.position
    while game.can_redo:
        assert back.redo() == game.redo()
        assert back.position == game.position


def _near_won() -> Position:
    """The king of clubs and of diamonds still out, everything else home."""
    columns = ((card("KC"),), (card("KD"),), *(((),) * 6))
    return Position(columns, (None,) * 4, (12, 12, 13, 13))


def test_resume_a_typed_in_board_with_an_auto_finish_step() -> None:
    game = Game(FREECELL, None, start=_near_won())
    step = game.auto_finish_step()
    assert not isinstance(step, str) and game.steps[0].auto_finish
    data = json.loads(json.dumps(game_to_json(game)))
    assert data["deal"] is None
    back = game_from_json(data)
    _assert_same_game(back, game)


def test_a_resolver_supplies_plugin_variants() -> None:
    custom = dataclasses.replace(FREECELL, id="five-cell", name="Five cells", cells=5)
    game = Game(custom, 617)
    game.play(legal_moves(game.position, custom)[0])

    def resolve(variant_id: str) -> Variant:
        return custom if variant_id == "five-cell" else builtin_variant(variant_id)

    SavedGameStore(resolve=resolve).save(game)
    back = SavedGameStore(resolve=resolve).load()
    assert back is not None and back.variant == custom and back.position == game.position
    # without the plugin the variant is unknown: the file is kept aside, not crashed on
    plain = SavedGameStore()
    assert plain.load() is None
    assert "five-cell" in notice_text(plain.file.notices[0])


def _saved_data(store: SavedGameStore) -> dict[str, Any]:
    game = Game(FREECELL, 11982)
    for _ in range(5):
        game.play(legal_moves(game.position, game.variant)[0])
    store.save(game)
    return dict(json.loads(store.path.read_text()))


@pytest.mark.parametrize(
    "damage",
    [
        lambda g: g["steps"].insert(0, {"moves": ["1h"]}),  # no longer legal
        lambda g: g["steps"].__setitem__(2, {"moves": ["zz"]}),  # not a move
        lambda g: g.__setitem__("start", g["start"].replace("KS", "KH", 1)),  # other board
        lambda g: g.__setitem__("index", 99),
        lambda g: g.__setitem__("move_count", 3),
        lambda g: g.__setitem__("seconds", -1),
        lambda g: g.__setitem__("variant", "no-such-variant"),
        lambda g: g.__setitem__("deal", "617"),
        lambda g: g.__setitem__("steps", {"moves": []}),
        lambda g: g["steps"].__setitem__(0, {"moves": []}),
    ],
)
def test_a_saved_game_that_no_longer_replays_is_moved_aside(damage: Any) -> None:
    store = SavedGameStore()
    data = _saved_data(store)
    damage(data["game"])
    raw = json.dumps(data).encode()
    store.path.write_bytes(raw)
    assert store.load() is None
    asides = list(store.path.parent.glob("game-in-progress.unreadable-*.json"))
    assert len(asides) == 1 and asides[0].read_bytes() == raw
    assert "saved game file could not be read" in notice_text(store.file.notices[0])


def test_won_and_untouched_games_empty_the_slot_but_keep_the_backup() -> None:
    store = SavedGameStore()
    _saved_data(store)
    assert store.summary() is not None and store.summary().move_count == 5  # type: ignore[union-attr]
    store.save(Game(FREECELL, 3))  # no move made yet
    assert store.summary() is None and store.load() is None
    backup = json.loads(store.file.backup_path.read_text())
    assert len(backup["game"]["steps"]) == 5
    assert store.file.notices == []


# -- the facade following the bus -----------------------------------------------------------


def test_follow_saves_each_move_and_counts_wins_and_abandoned_games() -> None:
    storage = Storage()
    bus = CommandBus(Game(FREECELL, 617))
    storage.follow(bus)

    bus.dispatch(MoveCards(legal_moves(bus.game.position, FREECELL)[0]))
    storage.flush()  # saves after moves run on the background writer
    summary = storage.saved_game.summary()
    assert summary is not None and summary.deal_number == 617 and summary.move_count == 1
    bus.dispatch(Undo())
    storage.flush()
    assert storage.saved_game.summary().move_count == 0  # type: ignore[union-attr]
    bus.dispatch(Redo())
    storage.flush()
    assert storage.saved_game.summary().move_count == 1  # type: ignore[union-attr]

    bus.dispatch(NewDeal(5))  # abandons deal 617: a loss
    storage.flush()
    stats = storage.statistics.for_variant("freecell")
    assert (stats.played, stats.won, sorted(stats.deals)) == (1, 0, [617])

    bus.dispatch(LoadPosition(_near_won(), FREECELL))  # deal 5 untouched: not counted
    storage.flush()
    assert storage.statistics.for_variant("freecell").played == 1
    bus.dispatch(MoveCards(Move.parse("1h")))
    bus.dispatch(MoveCards(Move.parse("2h")))
    assert bus.game.is_won
    storage.flush()
    stats = storage.statistics.for_variant("freecell")
    # a board typed in is not dealt here: the win counts, and sets no record
    assert (stats.played, stats.won, stats.fewest_moves) == (2, 1, None)
    storage.flush()
    assert storage.saved_game.summary() is None

    bus.dispatch(Undo())
    bus.dispatch(Redo())  # wins again: still one game
    bus.dispatch(NewDeal(6))
    storage.flush()
    assert storage.statistics.for_variant("freecell").played == 2


def test_save_game_on_close_lands_after_every_background_save() -> None:
    storage = Storage()
    game = Game(FREECELL, 617)
    for _ in range(30):
        game.play(legal_moves(game.position, FREECELL)[0])
        storage.save_game_soon(game)
    game.undo()
    storage.save_game(game)  # synchronous: waits for the writer first
    back = Storage().saved_game.load()
    assert back is not None and back.index == game.index == 29
    assert back.steps == game.steps


def test_the_background_writer_runs_the_latest_job_in_order() -> None:
    import threading

    from freecell.storage.background import BackgroundWriter

    writer = BackgroundWriter()
    started, release = threading.Event(), threading.Event()
    ran: list[int] = []

    def slow() -> None:
        started.set()
        release.wait(5)
        ran.append(0)

    writer.submit(slow)
    assert started.wait(5)
    writer.submit(lambda: ran.append(-1), key="other")  # another key is not replaced
    for n in range(1, 6):  # keyed, submitted while a job runs: only the last survives
        writer.submit(lambda n=n: ran.append(n), key="game")
    writer.submit(lambda: ran.append(10))  # unkeyed: never dropped, kept in order
    writer.submit(lambda: ran.append(11))
    release.set()
    assert writer.flush(5)
    assert ran == [0, -1, 5, 10, 11]
    writer.submit(lambda: 1 / 0)  # a failing job is logged, the writer goes on
    assert writer.flush(5)
    writer.submit(lambda: ran.append(6))
    assert writer.flush(5)
    assert ran[-1] == 6


def test_declining_the_offered_game_counts_it_as_lost() -> None:
    storage = Storage()
    _saved_data(storage.saved_game)
    Storage().decline_saved_game()
    assert storage.statistics.for_variant("freecell").played == 1
    assert storage.saved_game.summary() is None


def test_a_disk_that_refuses_writes_costs_a_notice_not_a_crash(monkeypatch: Any) -> None:
    from freecell.storage import jsonfile

    storage = Storage()
    game = Game(FREECELL, 617)
    game.play(legal_moves(game.position, FREECELL)[0])

    def full(*_a: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(jsonfile, "_replace", full)
    storage.save_game(game)
    # the game is counted in the history (SQLite, not the JSON files' atomic rename)
    counted = storage.record_game(game)
    assert counted is not None and counted.for_variant("freecell").played == 1
    assert [notice_text(n).split(" could")[0] for n in storage.notices] == [
        "Your game in progress",
    ]
    assert "No space left on device" in notice_text(storage.notices[0])
    assert list(storage.paths.data_dir.glob("*.tmp")) == []
    assert list(storage.paths.data_dir.glob(".*.tmp")) == []
