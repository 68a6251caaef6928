"""Plugins that observe game events: one sees moves, undos and wins; one that raises
is turned off mid-game and the game goes on."""

from __future__ import annotations

import sys
from pathlib import Path

from freecell.engine import (
    FREECELL,
    CommandBus,
    GameWon,
    MoveApplied,
    MoveCards,
    NewDeal,
    Undo,
    legal_moves,
)
from freecell.plugin_host import Kind, create_manager
from freecell.plugin_host.reasons import PluginReason, Why
from plugin_helpers import write_plugin


def test_an_observer_that_raises_is_turned_off_mid_game(user_dir: Path) -> None:
    write_plugin(
        user_dir,
        "grumpy",
        """
        from freecell import hookimpl
        from freecell.engine import Variant, MoveApplied

        seen = []

        @hookimpl
        def freecell_variants():
            return [Variant(id="grumpy-cells", name="Grumpy", cells=5)]

        @hookimpl
        def freecell_game_event(event):
            seen.append(type(event).__name__)
            if isinstance(event, MoveApplied):
                raise RuntimeError("I hate moves")
        """,
    )
    manager = create_manager({"grumpy": True}, user_plugin_dir=user_dir)
    module = sys.modules["freecell_user_plugin_grumpy"]
    changes: list[int] = []
    manager.subscribe(lambda: changes.append(1))
    bus = CommandBus()
    bus.subscribe(manager.notify)
    bus.dispatch(NewDeal(1))
    assert "DealStarted" in module.seen
    move = legal_moves(bus.game.position, bus.game.variant)[0]
    events = bus.dispatch(MoveCards(move))
    assert isinstance(events[0], MoveApplied)  # the move happened anyway
    assert bus.game.move_count == 1
    (notice,) = manager.take_notices()
    assert notice.reason == PluginReason(
        Why.RAISED, hook="freecell_game_event", error="RuntimeError", detail="I hate moves"
    )
    assert changes == [1]
    assert "grumpy-cells" not in [v.id for v in manager.variants()]
    count = len(module.seen)
    bus.dispatch(Undo())
    assert len(module.seen) == count  # no longer called


def test_an_observer_sees_moves_undos_and_wins(user_dir: Path) -> None:
    write_plugin(
        user_dir,
        "watcher",
        """
        from freecell import hookimpl

        seen = []

        @hookimpl
        def freecell_game_event(event):
            seen.append(event)
        """,
    )
    manager = create_manager({"watcher": True}, user_plugin_dir=user_dir)
    seen = sys.modules["freecell_user_plugin_watcher"].seen
    bus = CommandBus()
    bus.subscribe(manager.notify)
    bus.dispatch(NewDeal(1))
    bus.dispatch(MoveCards(legal_moves(bus.game.position, bus.game.variant)[0]))
    bus.dispatch(Undo())
    names = [type(e).__name__ for e in seen]
    assert "DealStarted" in names and "MoveApplied" in names and "Undone" in names
    won = GameWon(1, FREECELL, 80, 60.0)
    manager.notify(won)
    assert seen[-1] is won
    assert manager.plugin("watcher").provides[0].kind is Kind.EVENT_OBSERVER
