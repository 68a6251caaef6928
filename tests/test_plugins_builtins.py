"""The built-in plugins: entry points declared in pyproject, on by default and
providing everything, loaded by name when the entry-point metadata is missing;
hookimpl exported; each manager independent; the plugins layer imports no Qt."""

from __future__ import annotations

import logging
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from freecell import hookimpl
from freecell.plugin_host import Kind, Source, create_manager
from freecell.plugin_host import hookimpl as plugins_hookimpl
from freecell.plugin_host.discovery import BUILTIN_PLUGINS

ROOT = Path(__file__).resolve().parents[1]


def test_builtins_are_the_entry_points_the_distribution_declares() -> None:
    """setup.py writes the entry points from the one list, BUILTIN_PLUGINS."""
    distribution = metadata.distribution("freecell")
    declared = {ep.name: ep.value for ep in distribution.entry_points if ep.group == "freecell"}
    assert declared == BUILTIN_PLUGINS
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


def test_plugins_layer_does_not_import_qt() -> None:
    code = (
        "import sys\n"
        "from freecell.plugin_host import create_manager\n"
        "m = create_manager({})\n"
        "m.variants(); m.card_themes(); m.solver_backends()\n"
        "assert not any(n.startswith('PySide6') for n in sys.modules), 'Qt imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_builtins_load_by_name_when_entry_point_metadata_is_missing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A frozen app without package metadata still has its built-ins."""
    with caplog.at_level(logging.WARNING, logger="freecell.plugin_host"):
        manager = create_manager({}, entry_points=[], include_user_folder=False)
    assert [p.name for p in manager.plugins()] == sorted(BUILTIN_PLUGINS)
    assert all(p.source is Source.BUILTIN and p.loaded for p in manager.plugins())
    assert "eight-off" in [v.id for v in manager.variants()]
    assert "entry points are missing" in caplog.text
