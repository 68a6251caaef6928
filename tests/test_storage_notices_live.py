"""Storage's sentences for the player are told as they happen, in the window's
message bar, once each, while the game goes on -- not at the next start."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from freecell.core.notice_words import notice_text
from freecell.engine import FREECELL, Game, legal_moves
from freecell.engine.commands import MoveCards, NewDeal
from freecell.storage import Storage
from freecell.storage.notices import FileKind, NoticeCode, Notices
from ui_helpers import make_window

FULL = "No space left on device"


def _disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    from freecell.storage import jsonfile

    def full(*_a: Any) -> None:
        raise OSError(28, FULL)

    monkeypatch.setattr(jsonfile, "_replace", full)


def test_a_new_sentence_is_heard_on_the_thread_that_found_it_and_told_once() -> None:
    notices = Notices()
    heard: list[str] = []
    stop = notices.listen(lambda: heard.append(threading.current_thread().name))
    worker = threading.Thread(target=notices.append, args=("The disk is full.",), name="writer")
    worker.start()
    worker.join()
    notices.append("The disk is full.")  # the same failure again: not told again
    assert heard == ["writer"] and notices.take() == ["The disk is full."]
    notices.append("The disk is full.")
    assert notices.take() == []
    stop()
    notices.append("Another sentence.")
    assert heard == ["writer"] and notices == ["Another sentence."]


def test_a_save_refused_after_every_move_is_one_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    storage = Storage()
    heard: list[int] = []
    storage.notices.listen(lambda: heard.append(len(storage.notices)))
    game = Game(FREECELL, 617)
    _disk_full(monkeypatch)
    for move in legal_moves(game.position, FREECELL)[:3]:
        game.play(move)
        storage.save_game_soon(game)
    storage.flush()
    assert len(heard) == 1
    (notice,) = storage.take_notices()
    assert (notice.code, notice.file) == (NoticeCode.NOT_SAVED, FileKind.SAVED_GAME)
    sentence = notice_text(notice)
    assert sentence.startswith("Your game in progress could not be saved") and FULL in sentence


def _play_some(window: Any, count: int) -> None:
    for _ in range(count):
        game = window.bus.game
        move = sorted(legal_moves(game.position, game.variant), key=lambda m: m.notation)[0]
        window.dispatch(MoveCards(move))


def test_a_failed_save_is_shown_in_the_window_at_once_and_the_game_goes_on(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = Storage()
    window = make_window(qtbot, deal=617, storage=storage)
    shown: list[str] = []
    window.hint_bar.listeners.append(lambda text, _kind: shown.append(text))
    _disk_full(monkeypatch)
    _play_some(window, 2)
    qtbot.waitUntil(lambda: any(FULL in text for text in shown), timeout=10_000)
    assert window.hint_bar.kind == "info" and FULL in window.hint_bar.text
    assert "could not be saved" in window.hint_bar.text
    _play_some(window, 3)  # every one of these saves fails too
    storage.flush()
    qtbot.wait(200)
    assert sum(FULL in text for text in shown) == 1  # told once
    assert window.bus.game.move_count == 5  # the game went on
    assert storage.take_notices() == []  # nothing left for the next start


def test_a_damaged_history_found_when_the_first_move_is_saved_is_shown_at_once(
    qtbot: Any,
) -> None:
    storage = Storage()
    window = make_window(qtbot, deal=617, storage=storage)
    storage.paths.history_file.parent.mkdir(parents=True, exist_ok=True)
    storage.paths.history_file.write_bytes(b"{ this is not a database" * 40)
    _play_some(window, 2)  # the history is opened by the first move's save
    qtbot.waitUntil(lambda: "history" in window.hint_bar.text.lower(), timeout=10_000)
    assert "moved aside" in window.hint_bar.text
    window.dispatch(NewDeal(618))
    assert window.bus.game.deal_number == 618
    storage.flush()
    assert [row.deal for row in storage.history.rows()] == [617]  # in the new history
