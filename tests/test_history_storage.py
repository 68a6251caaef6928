"""The game history on disk: saved as it is played (a SIGKILL loses at most the
last move), every damage the JSON files survive survived, today's statistics.json
migrated once with every figure kept, an own game resumed after a restart still
the player's own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from freecell.core.notice_words import notice_text
from freecell.engine import FREECELL, CommandBus, Game, Move, MoveCards, NewDeal, Origin
from freecell.solver.api import Budget, Solved
from freecell.solver.builtin import BuiltinSolver
from freecell.storage import Storage, StoragePaths
from freecell.storage import history as history_module
from freecell.storage.history import GameHistory, Result
from freecell.storage.notices import FileKind, NoticeCode, Then
from freecell.storage.statistics import StatisticsStore


def _solution(number: int) -> list[str]:
    verdict = BuiltinSolver().solve(Game(FREECELL, number).start, FREECELL, Budget(500_000, 30))
    assert isinstance(verdict, Solved)
    return [m.notation for m in verdict.moves]


_CHILD = """
import sys
from freecell.engine import FREECELL, CommandBus, Game, Move, MoveCards
from freecell.storage import Storage
storage = Storage()
bus = CommandBus(Game(FREECELL, 1))
storage.follow(bus)
print(bus.game.game_id, flush=True)
for n, text in enumerate(sys.argv[1:], 1):
    bus.dispatch(MoveCards(Move.parse(text)))
    print(n, flush=True)
    sys.stdin.readline()  # the parent says when to go on (or kills us)
"""


def test_a_sigkill_during_play_loses_at_most_the_last_move(tmp_path: Path) -> None:
    moves = _solution(1)[:30]
    env = {**os.environ, "FREECELL_HOME": str(tmp_path)}
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, *moves],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdin is not None and child.stdout is not None
    game_id = child.stdout.readline().strip()
    made = 0
    for _ in range(17):
        made = int(child.stdout.readline())
        child.stdin.write("\n")
        child.stdin.flush()
    # move 18 may be being made now: killed at once, in the middle of the game
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    child.stdin.close()
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    row = GameHistory(StoragePaths.in_folder(tmp_path).history_file).row(game_id)
    assert row is not None and row.result is Result.PLAYING
    assert made == 17
    assert made <= row.move_count <= made + 1  # the move in flight, at most
    assert list(row.moves) == moves[: row.move_count]


def _history_with_a_game(folder: Path) -> Path:
    storage = Storage(StoragePaths.in_folder(folder))
    bus = CommandBus(Game(FREECELL, 1))
    storage.follow(bus)
    for text in ("5a", "5b"):
        bus.dispatch(MoveCards(Move.parse(text)))
    bus.dispatch(NewDeal(2))
    storage.history.close()
    return storage.paths.history_file


def _make_damage(kind: str, path: Path, good: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "garbage":
        path.write_bytes(b"\x00\xff garbage \x9c" * 400)
    elif kind == "truncated":
        path.write_bytes(good[: len(good) // 2])
    elif kind == "cut after the header":
        path.write_bytes(good[:100])
    elif kind == "a JSON list":
        path.write_bytes(b"[1, 2, 3]")
    elif kind == "a FIFO":
        os.mkfifo(path)
    elif kind == "a directory":
        path.mkdir()
        (path / "inside.txt").write_text("kept")
    elif kind == "a symlink to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "a dangling symlink":
        path.symlink_to(path.parent / "nowhere")
    elif kind == "unreadable":
        path.write_bytes(good)
        path.chmod(0)


DAMAGES = (
    "garbage",
    "truncated",
    "cut after the header",
    "a JSON list",
    "a FIFO",
    "a directory",
    "a symlink to /dev/zero",
    "a dangling symlink",
    "unreadable",
)


@pytest.mark.parametrize("kind", DAMAGES)
def test_a_damaged_history_is_moved_aside_told_once_and_the_game_goes_on(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = _history_with_a_game(tmp_path / "good").read_bytes()
    storage = Storage(StoragePaths.in_folder(tmp_path / "home"))
    path = storage.paths.history_file
    _make_damage(kind, path, good)
    if kind == "unreadable" and os.geteuid() == 0:  # root reads anything: say it refuses

        def refuse(*_args: object, **_kwargs: object) -> object:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(history_module, "open", refuse, raising=False)
    before = os.lstat(path)

    bus = CommandBus(Game(FREECELL, 3))
    storage.follow(bus)
    for text in ("5a", "5b", "5c"):
        bus.dispatch(MoveCards(Move.parse(text)))  # the game goes on
    assert bus.game.move_count == 3

    kept = list(path.parent.glob("history.unreadable-*.sqlite3"))
    assert len(kept) == 1
    assert os.lstat(kept[0]).st_ino == before.st_ino  # moved, not copied, not deleted
    notices = storage.take_notices()
    assert len(notices) == 1, notices
    notice = notices[0]
    assert (notice.code, notice.file, notice.path, notice.then) == (
        NoticeCode.UNREADABLE,
        FileKind.HISTORY,
        kept[0],
        Then.NEW_HISTORY,
    )
    words = notice_text(notice)
    assert "game history could not be read" in words and str(kept[0]) in words
    # the new history holds this game, and more moves tell nothing more
    bus.dispatch(MoveCards(Move.parse("5d")))
    (row,) = storage.history.rows()
    assert row.moves == ("5a", "5b", "5c", "5d")
    assert storage.take_notices() == []


def test_a_history_that_cannot_be_moved_aside_is_kept_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = Storage(StoragePaths.in_folder(tmp_path))
    path = storage.paths.history_file
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not a database" * 100)

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(history_module.os, "rename", refuse)
    bus = CommandBus(Game(FREECELL, 3))
    storage.follow(bus)
    bus.dispatch(MoveCards(Move.parse("5a")))
    assert [r.moves for r in storage.history.rows()] == [("5a",)]
    assert path.read_bytes() == b"not a database" * 100  # never written over
    (notice,) = storage.take_notices()
    assert notice.path is None and notice.file is FileKind.HISTORY


def test_statistics_json_from_todays_code_is_migrated_once_with_every_figure(
    tmp_path: Path,
) -> None:
    paths = StoragePaths.in_folder(tmp_path)
    old = StatisticsStore(paths.statistics_file)
    old.record("freecell", 617, True, 90, 300.0, 1200)
    old.record("freecell", 617, True, 85, 250.0, 1300)
    old.record("freecell", 1, False, 40, 100.0, 200)
    old.record("freecell", 2, True, 95, 400.0, 900, assisted=True, hints=3)
    old.record("freecell", 5, True, 80, 200.0, 1500)
    old.record("bakers-game", None, True, 120, 500.0)
    expected = old.load()
    raw = paths.statistics_file.read_bytes()

    storage = Storage(paths)
    assert storage.statistics.load() == expected  # read before any game: the same
    bus = CommandBus(Game(FREECELL, 9))
    storage.follow(bus)
    bus.dispatch(MoveCards(Move.parse("5a")))  # the history is made: migrated now
    assert storage.statistics.load() == expected  # (a game in progress counts not)
    bus.dispatch(NewDeal(10))
    after = storage.statistics.load()
    freecell, before = after.for_variant("freecell"), expected.for_variant("freecell")
    assert (freecell.played, freecell.won) == (before.played + 1, before.won)
    assert freecell.longest_win_streak == before.longest_win_streak
    assert (freecell.current_win_streak, freecell.current_loss_streak) == (0, 1)
    assert freecell.fastest_win == 200.0 and freecell.best_score == 1500
    assert freecell.beaten_deals() == [5, 617]
    assert after.for_variant("bakers-game") == expected.for_variant("bakers-game")
    assert paths.statistics_file.read_bytes() == raw  # the old file kept as it was

    # once: a later change to the old file (an older copy still running) is not read
    StatisticsStore(paths.statistics_file).record("freecell", 7, True, 70, 60.0)
    assert Storage(paths).statistics.load() == after


def test_an_own_game_resumed_after_a_restart_stays_own_and_keeps_its_row(
    tmp_path: Path,
) -> None:
    moves = _solution(1)
    paths = StoragePaths.in_folder(tmp_path)
    first = Storage(paths)
    bus = CommandBus(Game(FREECELL, 1))
    first.follow(bus)
    for text in moves[:10]:
        bus.dispatch(MoveCards(Move.parse(text)))
    first.save_game(bus.game)  # the window closes
    first.history.close()

    second = Storage(paths)
    game = second.saved_game.load()
    assert game is not None and game.origin is Origin.DEALT and game.own
    bus = CommandBus(game)
    second.follow(bus)
    for text in moves[10:]:
        bus.dispatch(MoveCards(Move.parse(text)))
    assert bus.game.is_won
    (row,) = second.history.rows()
    assert row.result is Result.WON and row.own and row.moves == tuple(moves)
    stats = second.statistics.for_variant("freecell")
    assert stats.won == 1 and stats.fewest_moves == len(moves) and stats.beaten_deals() == [1]


def test_a_game_opened_from_a_file_resumed_after_a_restart_is_still_not_own(
    tmp_path: Path,
) -> None:
    paths = StoragePaths.in_folder(tmp_path)
    first = Storage(paths)
    game = Game(FREECELL, 1, origin=Origin.FILE)
    game.play(Move.parse("5a"))
    first.save_game(game)
    restored = Storage(paths).saved_game.load()
    assert restored is not None and restored.origin is Origin.FILE and not restored.own
    assert restored.game_id == game.game_id
