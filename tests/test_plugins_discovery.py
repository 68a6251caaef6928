"""Finding third-party plugins: packages through entry points and the user folder,
off until enabled, the choice remembered, a plugin switched off unregistered, a
name taken twice."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from freecell.engine import FREECELL
from freecell.plugin_host import Kind, MemoryStore, Source, create_manager, settings_store
from freecell.plugin_host.reason_words import fallback_text
from freecell.plugin_host.reasons import PluginReason, Why
from freecell.storage import SettingsStore
from plugin_helpers import FakeSite, write_plugin

VARIANT_PLUGIN = """
    '''Adds the Six-cell variant.'''
    from freecell import hookimpl
    from freecell.engine import Variant

    __version__ = "2.5"

    @hookimpl
    def freecell_variants():
        return [Variant(id="six-cells", name="Six cells", cells=6)]
"""


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
