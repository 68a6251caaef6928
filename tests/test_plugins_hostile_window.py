"""Hostile plugins in the window (issue 36, finding 8): an observer that calls
``os._exit`` or raises a ``BaseException`` in a game event, and one whose hook
raises ``KeyboardInterrupt``, are turned off with a notice in the message bar; the
window stays and the move is played."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from freecell.engine import MoveCards, legal_moves
from freecell.plugin_host import create_manager
from hostile_plugins import EVENT_HOSTILE, HOSTILE
from plugin_helpers import user_plugin_folder, write_plugin
from ui_helpers import make_window


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Path]:
    yield from user_plugin_folder(tmp_path)


@pytest.mark.parametrize("name", ["exit_in_event", "base_in_event"])
def test_an_observer_that_escapes_is_off_and_the_window_stays(
    qtbot: Any, folder: Path, name: str
) -> None:
    write_plugin(folder, name, EVENT_HOSTILE[name][0])
    write_plugin(folder, "interrupt_in_hook", HOSTILE["interrupt_in_hook"][0])
    window = make_window(qtbot, deal=1)
    manager = create_manager({name: True, "interrupt_in_hook": True}, user_plugin_dir=folder)
    said = " ".join(window.session.attach_plugins(manager))
    assert "interrupt_in_hook is off for this session" in said
    game = window.bus.game
    move = legal_moves(game.position, game.variant)[0]
    window.bus.dispatch(MoveCards(move))
    assert window.bus.game.move_count == 1 and window.isVisible()
    assert not manager.plugin(name).loaded
    assert f"{name} is off for this session" in window.hint_bar.text
    window.bus.dispatch(MoveCards(legal_moves(window.bus.game.position, game.variant)[0]))
    assert window.bus.game.move_count == 2
