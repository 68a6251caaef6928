"""The plugin manager: discovery, enabling, isolation of broken plugins, fallbacks."""

from __future__ import annotations

import logging
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from freecell import hookimpl
from freecell.core.plugin_texts import fallback_text, notice_text
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
from freecell.plugins import Kind, MemoryStore, Source, create_manager, settings_store
from freecell.plugins import hookimpl as plugins_hookimpl
from freecell.plugins.discovery import FALLBACK_BUILTINS
from freecell.plugins.reasons import PluginReason, Why
from freecell.storage import SettingsStore
from freecell.themes import CLASSIC, GREEN_FELT
from plugin_helpers import FakeSite, fake_site, user_plugin_folder, write_plugin

ROOT = Path(__file__).resolve().parents[1]

VARIANT_PLUGIN = """
    '''Adds the Six-cell variant.'''
    from freecell import hookimpl
    from freecell.engine import Variant

    __version__ = "2.5"

    @hookimpl
    def freecell_variants():
        return [Variant(id="six-cells", name="Six cells", cells=6)]
"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeSite]:
    yield from fake_site(tmp_path, monkeypatch)


@pytest.fixture
def user_dir(tmp_path: Path) -> Iterator[Path]:
    yield from user_plugin_folder(tmp_path)


# -- built-ins ------------------------------------------------------------------------
def test_builtins_are_entry_points_declared_in_pyproject() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"][
        "freecell"
    ]
    assert declared == FALLBACK_BUILTINS
    manager = create_manager({})
    builtins = {p.name for p in manager.plugins() if p.source is Source.BUILTIN}
    assert builtins == set(declared)


def test_builtins_are_on_by_default_and_provide_everything() -> None:
    manager = create_manager({})
    assert manager.take_notices() == []
    assert all(p.enabled and p.loaded and p.error is None for p in manager.plugins())
    assert [v.id for v in manager.variants()] == [
        "freecell",
        "freecell-3",
        "freecell-2",
        "freecell-1",
        "bakers-game",
        "eight-off",
        "seahaven",
        "forecell",
    ]
    assert [s.id for s in manager.scoring_schemes()] == ["none", "standard"]
    assert [t.id for t in manager.card_themes()] == [
        "classic",
        "four-colour",
        "high-contrast",
        "high-contrast-four-colour",
    ]
    assert "green-felt" in [s.id for s in manager.table_surfaces()]
    assert {b.id for b in manager.solver_backends()} == {"builtin", "fc-solve"}
    assert manager.provider(Kind.VARIANT, "eight-off") == "variants"
    assert manager.provider(Kind.CARD_THEME, "four-colour") == "themes"
    assert manager.offers_custom_variants()


def test_hookimpl_is_exported_from_the_package() -> None:
    assert hookimpl is plugins_hookimpl


def test_each_factory_call_gives_an_independent_manager() -> None:
    first = create_manager({})
    second = create_manager({})
    assert first.pluggy is not second.pluggy
    first.set_enabled("variants", False)
    assert [v.id for v in first.variants()] == ["freecell"]  # the core default stays
    assert "eight-off" in [v.id for v in second.variants()]
    assert second.is_enabled("variants")


# -- third-party packages through entry points -----------------------------------------
def test_entry_point_plugin_is_found_but_disabled_until_enabled(site: FakeSite) -> None:
    site.install("freecell-six", "freecell_six", VARIANT_PLUGIN, entry_name="six")
    store = MemoryStore()
    manager = create_manager(store=store)
    info = manager.plugin("six")
    assert info.source is Source.PACKAGE
    assert info.version == "1.0"
    assert not info.enabled and not info.loaded
    assert info.hooks == ("freecell_variants",)  # read from source, not run
    assert info.kinds == (Kind.VARIANT,)
    assert "freecell_six" not in sys.modules  # its code has not run
    assert "six-cells" not in [v.id for v in manager.variants()]
    with pytest.raises(KeyError, match="unknown variant 'six-cells'"):
        manager.variant("six-cells")

    heard: list[str] = []
    manager.subscribe(lambda: heard.append("changed"))
    manager.set_enabled("six", True)
    assert heard == ["changed"]
    assert manager.variant("six-cells").cells == 6
    assert manager.provider(Kind.VARIANT, "six-cells") == "six"
    assert manager.plugin("six").provides[0].id == "six-cells"
    assert store.enabled == {"six": True}

    # a new manager on the same store remembers the choice
    again = create_manager(store=store)
    assert again.variant("six-cells").name == "Six cells"


def test_enabled_choice_persists_in_the_settings_file(site: FakeSite) -> None:
    site.install("freecell-six", "freecell_six", VARIANT_PLUGIN, entry_name="six")
    manager = create_manager()  # the player's settings (FREECELL_HOME per test)
    manager.set_enabled("six", True)
    manager.set_enabled("themes", False)
    saved = SettingsStore().load()
    assert saved.enabled_plugins == {"six": True, "themes": False}
    assert saved.variant == "freecell"  # the rest of the settings are untouched
    reloaded = create_manager(store=settings_store())
    assert "six-cells" in [v.id for v in reloaded.variants()]
    assert [t.id for t in reloaded.card_themes()] == ["classic"]  # the core default


def test_an_entry_point_may_name_an_instance(site: FakeSite) -> None:
    site.install(
        "freecell-obj",
        "freecell_obj",
        """
        from freecell import hookimpl
        from freecell.themes import TableSurface

        class Surfaces:
            @hookimpl
            def freecell_table_surfaces(self):
                return [TableSurface(id="sand", name="Sand", top="#e0c890", bottom="#c8a870")]

        PLUGIN = Surfaces()
        """,
        entry_name="sand",
        attribute="PLUGIN",
    )
    manager = create_manager({"sand": True})
    assert manager.take_notices() == []
    assert manager.choose_table_surface("sand").value.name == "Sand"
    assert manager.provider(Kind.TABLE_SURFACE, "sand") == "sand"


def test_disabling_a_plugin_unregisters_it(site: FakeSite) -> None:
    site.install("freecell-six", "freecell_six", VARIANT_PLUGIN, entry_name="six")
    manager = create_manager({"six": True})
    assert manager.choose_variant("six-cells").value.id == "six-cells"
    manager.set_enabled("six", False)
    assert not manager.plugin("six").loaded
    choice = manager.choose_variant("six-cells")
    assert choice.value is FREECELL
    assert choice.notice == PluginReason(Why.VARIANT_GONE, item="six-cells", other="FreeCell")
    assert "six-cells is not available" in fallback_text(choice.notice)


def test_user_folder_plugin_is_found_and_off_until_enabled(user_dir: Path) -> None:
    write_plugin(user_dir, "sixer", VARIANT_PLUGIN)
    manager = create_manager({}, user_plugin_dir=user_dir)
    info = manager.plugin("sixer")
    assert info.source is Source.USER_FOLDER
    assert (info.version, info.description) == ("2.5", "Adds the Six-cell variant.")
    assert not info.loaded
    manager.set_enabled("sixer", True)
    assert manager.variant("six-cells").cells == 6


def test_default_user_folder_is_under_the_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FREECELL_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "data" / "plugins"
    folder.mkdir(parents=True)
    write_plugin(folder, "homemade", VARIANT_PLUGIN)
    try:
        manager = create_manager({"homemade": True})
        assert manager.plugin("homemade").source is Source.USER_FOLDER
        assert manager.variant("six-cells").cells == 6
    finally:
        sys.modules.pop("freecell_user_plugin_homemade", None)


def test_a_name_clash_keeps_the_first_plugin(site: FakeSite, user_dir: Path) -> None:
    write_plugin(user_dir, "variants", VARIANT_PLUGIN)
    manager = create_manager({}, user_plugin_dir=user_dir)
    assert manager.plugin("variants").source is Source.BUILTIN
    (notice,) = manager.take_notices()
    assert notice.plugin == "variants" and notice.reason.code is Why.NAME_TAKEN
    assert str(user_dir) in notice.reason.location


# -- broken plugins -------------------------------------------------------------------
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
    with caplog.at_level(logging.ERROR, logger="freecell.plugins"):
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


# -- fallbacks ------------------------------------------------------------------------
def test_choices_fall_back_to_the_defaults_with_a_sentence() -> None:
    manager = create_manager({"themes": False, "scoring": False, "solvers": False})
    theme = manager.choose_card_theme("four-colour")
    assert theme.value is CLASSIC and theme.fell_back
    assert theme.notice == PluginReason(Why.CARD_THEME_GONE, item="four-colour", other="Classic")
    assert "Classic" in fallback_text(theme.notice)
    surface = manager.choose_table_surface("walnut")
    assert surface.value is GREEN_FELT and surface.fell_back
    assert manager.choose_scoring_scheme("standard").value.id == "none"
    solver = manager.choose_solver_backend("builtin")
    assert solver.value is None and solver.notice == PluginReason(Why.NO_SOLVER, backend="builtin")
    assert fallback_text(solver.notice) == "No solver is available, so hints are off."
    kept = create_manager({}).choose_card_theme("four-colour")
    assert kept.value.id == "four-colour" and not kept.fell_back


def test_solver_choice_prefers_the_one_asked_for_when_available() -> None:
    manager = create_manager({})
    chosen = manager.choose_solver_backend("builtin")
    assert chosen.value is not None and chosen.value.id == "builtin" and chosen.notice is None
    missing = manager.choose_solver_backend("no-such-solver")
    assert missing.value is not None and missing.value.id == "builtin"
    assert missing.notice is not None


def test_plugins_layer_does_not_import_qt() -> None:
    code = (
        "import sys\n"
        "from freecell.plugins import create_manager\n"
        "m = create_manager({})\n"
        "m.variants(); m.card_themes(); m.solver_backends()\n"
        "assert not any(n.startswith('PySide6') for n in sys.modules), 'Qt imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_builtins_load_by_name_when_entry_point_metadata_is_missing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A frozen app without package metadata still has its built-ins."""
    with caplog.at_level(logging.WARNING, logger="freecell.plugins"):
        manager = create_manager({}, entry_points=[], include_user_folder=False)
    assert [p.name for p in manager.plugins()] == sorted(FALLBACK_BUILTINS)
    assert all(p.source is Source.BUILTIN and p.loaded for p in manager.plugins())
    assert "eight-off" in [v.id for v in manager.variants()]
    assert "entry points are missing" in caplog.text
