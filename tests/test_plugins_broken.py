"""A broken plugin is turned off, with its reason, and the game goes on: whatever it
does wrong, everything it provided goes with it, a broken package stays apart, a
resolver that answers another id is off, and switching it on again tries again."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from freecell.engine import CommandBus, MoveApplied, MoveCards, NewDeal, legal_moves
from freecell.plugin_host import MemoryStore, create_manager
from freecell.plugin_host.reason_words import notice_text
from freecell.plugin_host.reasons import PluginReason, Why
from freecell.themes import CLASSIC
from plugin_helpers import FakeSite, write_plugin

BROKEN = {
    "import-error": (
        """
        raise RuntimeError("no such luck")
        """,
        PluginReason(Why.IMPORT_FAILED, error="RuntimeError", detail="no such luck"),
    ),
    "hook-raises": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_card_themes():
            raise ValueError("boom")
        """,
        PluginReason(Why.RAISED, hook="freecell_card_themes", error="ValueError", detail="boom"),
    ),
    "wrong-type": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_variants():
            return ["not a variant"]
        """,
        PluginReason(Why.BAD_ANSWER, hook="freecell_variants", answer="str"),
    ),
    "not-a-list": (
        """
        from freecell import hookimpl
        from freecell.engine import Variant

        @hookimpl
        def freecell_variants():
            return Variant(id="lonely", name="Lonely")
        """,
        PluginReason(Why.BAD_ANSWER, hook="freecell_variants", answer="Variant"),
    ),
    "duplicate-id": (
        """
        from freecell import hookimpl
        from freecell.engine import Variant

        @hookimpl
        def freecell_variants():
            return [Variant(id="freecell", name="My FreeCell", cells=2)]
        """,
        PluginReason(Why.ID_TAKEN, hook="freecell_variants", item="freecell", other="variants"),
    ),
    "bad-solver": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_solver_backends():
            return [object()]
        """,
        PluginReason(Why.BAD_ANSWER, hook="freecell_solver_backends", answer="object"),
    ),
    "bad-scoring": (
        """
        from freecell import hookimpl
        from freecell.themes import CLASSIC

        @hookimpl
        def freecell_scoring_schemes():
            return [CLASSIC]
        """,
        PluginReason(Why.BAD_ANSWER, hook="freecell_scoring_schemes", answer="CardTheme"),
    ),
    "unknown-hook": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_variant():
            return []
        """,
        PluginReason(Why.NOT_A_HOOK, hook="freecell_variant"),
    ),
    "bad-signature": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_game_event(event, window):
            pass
        """,
        Why.NOT_REGISTERED,
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_plugin_is_turned_off_and_the_game_goes_on(
    case: str, user_dir: Path, caplog: pytest.LogCaptureFixture
) -> None:
    source, reason = BROKEN[case]
    name = case.replace("-", "_")
    write_plugin(user_dir, name, source)
    store = MemoryStore({name: True})
    with caplog.at_level(logging.ERROR, logger="freecell.plugin_host"):
        manager = create_manager(store=store, user_plugin_dir=user_dir)
    (notice,) = manager.take_notices()
    assert notice.plugin == name
    if isinstance(reason, Why):  # pluggy's own words follow
        assert notice.reason.code is reason and notice.reason.detail
    else:
        assert notice.reason == reason
    sentence = notice_text(notice)  # through the catalogue, in the player's language
    assert name in sentence and "off for this session" in sentence
    assert manager.take_notices() == []  # shown once
    info = manager.plugin(name)
    assert info.error == notice.reason
    assert not info.loaded
    assert info.enabled  # the player's choice is kept: off for this session only
    assert store.enabled == {name: True}
    assert any(name in record.getMessage() for record in caplog.records)
    # the built-ins are untouched and the game plays
    assert [v.id for v in manager.variants()][:2] == ["freecell", "freecell-3"]
    assert manager.choose_card_theme("classic").value is CLASSIC
    bus = CommandBus(variant=manager.variant("eight-off"))
    bus.dispatch(NewDeal(617))
    move = legal_moves(bus.game.position, bus.game.variant)[0]
    assert isinstance(bus.dispatch(MoveCards(move))[0], MoveApplied)


def test_a_broken_plugin_loses_everything_it_provided(user_dir: Path) -> None:
    write_plugin(
        user_dir,
        "half_good",
        """
        from freecell import hookimpl
        from freecell.engine import Variant

        @hookimpl
        def freecell_variants():
            return [Variant(id="fine", name="Fine")]

        @hookimpl
        def freecell_table_surfaces():
            return 42
        """,
    )
    manager = create_manager({"half_good": True}, user_plugin_dir=user_dir)
    assert "fine" not in [v.id for v in manager.variants()]
    assert manager.plugin("half_good").provides == ()


def test_a_broken_entry_point_package_is_isolated(site: FakeSite) -> None:
    site.install("freecell-bad", "freecell_bad", "import no_such_module_here\n", entry_name="bad")
    manager = create_manager({"bad": True})
    (notice,) = manager.take_notices()
    assert notice.plugin == "bad"
    assert notice.reason.code is Why.IMPORT_FAILED
    assert notice.reason.error == "ModuleNotFoundError"
    assert len(manager.variants()) == 8


def test_a_resolver_that_answers_the_wrong_id_is_turned_off(user_dir: Path) -> None:
    write_plugin(
        user_dir,
        "liar",
        """
        from freecell import hookimpl
        from freecell.engine import FREECELL

        @hookimpl(tryfirst=True)
        def freecell_resolve_variant(variant_id):
            return FREECELL
        """,
    )
    manager = create_manager({"liar": True}, user_plugin_dir=user_dir)
    variant = manager.variant("custom-2cells-8columns-suit-any")
    assert variant.cells == 2  # the built-in resolver still answered
    (notice,) = manager.take_notices()
    assert notice.plugin == "liar" and notice.reason == PluginReason(
        Why.BAD_ANSWER,
        hook="freecell_resolve_variant",
        answer="Variant",
        item="custom-2cells-8columns-suit-any",
    )


def test_reenabling_a_failed_plugin_tries_again(user_dir: Path) -> None:
    path = write_plugin(user_dir, "flaky", "raise ImportError('not yet')\n")
    manager = create_manager({"flaky": True}, user_plugin_dir=user_dir)
    assert manager.plugin("flaky").error is not None
    path.write_text(
        "from freecell import hookimpl\n"
        "from freecell.themes import CardTheme\n\n"
        "@hookimpl\n"
        "def freecell_card_themes():\n"
        "    return [CardTheme(id='ink', name='Ink', suit_colours=('#000000',) * 4)]\n",
        encoding="utf-8",
    )
    manager.set_enabled("flaky", False)
    manager.set_enabled("flaky", True)
    assert manager.plugin("flaky").error is None
    assert manager.choose_card_theme("ink").value.name == "Ink"
