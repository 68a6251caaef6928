"""Plugins that try to take the game down (issue 36, finding 8): every exception
type, ``os._exit``, printing, busy loops, memory, endless answers and an answer that
changes after its check.  Each is turned off with a notice; the game, the command
line's output and the other plugins go on."""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell.cli import main
from freecell.engine import FREECELL, CommandBus, MoveApplied, MoveCards, NewDeal, deal, legal_moves
from freecell.engine.notation import format_board
from freecell.plugin_host import containment, create_manager
from freecell.plugin_host.reason_words import notice_text
from freecell.storage.paths import default_paths
from hostile_plugins import CHATTY, EVENT_HOSTILE, HOSTILE, SHIFTY
from plugin_helpers import user_plugin_folder, write_plugin

LIMITS = (3.0, 1.0, 0.5)


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    yield from user_plugin_folder(tmp_path)


@pytest.fixture
def small_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(containment, "MEMORY_LIMIT", 64 * 1024 * 1024)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_plugin_is_turned_off_and_the_game_goes_on(
    name: str, folder: Path, small_memory: None
) -> None:
    source, code, hook = HOSTILE[name]
    write_plugin(folder, name, source)
    before = {t.ident for t in threading.enumerate()}
    manager = create_manager({name: True}, user_plugin_dir=folder, limits=LIMITS)
    (notice,) = manager.take_notices()
    assert notice.plugin == name and notice.reason.code == code
    assert notice.reason.hook == hook
    assert name in notice_text(notice) and "off for this session" in notice_text(notice)
    assert not manager.plugin(name).loaded
    assert "freecell" in {v.id for v in manager.variants()}  # the game goes on
    # a busy or hungry hook is stopped, not left running
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        left = [t for t in threading.enumerate() if t.ident not in before and t.is_alive()]
        if not any(t.name.startswith("freecell-plugin-") for t in left):
            break
        time.sleep(0.05)
    assert not any(
        t.name.startswith("freecell-plugin-") and t.ident not in before
        for t in threading.enumerate()
    )


@pytest.mark.parametrize("name", sorted(EVENT_HOSTILE))
def test_an_observer_that_escapes_in_a_game_event_is_turned_off(name: str, folder: Path) -> None:
    source, code = EVENT_HOSTILE[name]
    write_plugin(folder, name, source)
    manager = create_manager({name: True}, user_plugin_dir=folder, limits=LIMITS)
    assert not manager.notices
    bus = CommandBus()
    bus.subscribe(manager.notify)
    bus.dispatch(NewDeal(1))
    (notice,) = manager.take_notices()  # off at the first event
    assert notice.reason.code == code and notice.reason.hook == "freecell_game_event"
    move = legal_moves(bus.game.position, bus.game.variant)[0]
    assert isinstance(bus.dispatch(MoveCards(move))[0], MoveApplied)
    assert manager.take_notices() == []  # once, not on every move


def test_a_theme_cannot_change_after_its_check(folder: Path) -> None:
    write_plugin(folder, "shifty", SHIFTY)
    manager = create_manager({"shifty": True}, user_plugin_dir=folder)
    module = sys.modules["freecell_user_plugin_shifty"]
    theme = manager.choose_card_theme("shifty").value
    assert theme is not module.THEME and theme.suit_colours == tuple(module.colours)
    module.colours[0] = "not a colour"
    object.__setattr__(module.THEME, "suit_colours", ("#zzz",) * 4)
    again = manager.choose_card_theme("shifty").value
    assert again.suit_colours == ("#101010", "#c00000", "#c00000", "#101010")
    assert type(again.suit_colours) is tuple


def test_a_plugins_printing_never_reaches_the_clis_output(
    capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="freecell.plugin_host")
    folder = default_paths().user_plugins_dir
    folder.mkdir(parents=True, exist_ok=True)
    write_plugin(folder, "chatty", CHATTY)
    try:
        assert main(["plugins", "--enable", "chatty"]) == 0
        capsys.readouterr()
        assert main(["board", "617", "--variant", "chatty-cells"]) == 0
        out, err = capsys.readouterr()
        variant = create_manager({"chatty": True}, user_plugin_dir=folder).variant("chatty-cells")
        assert out.rstrip("\n") == format_board(deal(617, variant)).rstrip("\n")
        assert err == ""
        assert any("loading the chatty plugin" in r.getMessage() for r in caplog.records)
    finally:
        sys.modules.pop("freecell_user_plugin_chatty", None)


@pytest.mark.parametrize("name", ["exit_in_hook", "interrupt_in_hook", "exit_at_import"])
def test_the_cli_says_a_plugin_that_exits_or_interrupts_is_off(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = default_paths().user_plugins_dir
    folder.mkdir(parents=True, exist_ok=True)
    write_plugin(folder, name, HOSTILE[name][0])
    try:
        assert main(["plugins", "--enable", name]) == 0
        capsys.readouterr()
        assert main(["board", "617"]) == 0
        out, err = capsys.readouterr()
        assert out.rstrip("\n") == format_board(deal(617, FREECELL)).rstrip("\n")
        assert err.count("\n") == 1 and f"{name} is off for this session" in err
    finally:
        sys.modules.pop(f"freecell_user_plugin_{name}", None)
