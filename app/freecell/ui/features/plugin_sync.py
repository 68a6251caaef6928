"""Keep the window in step with the plugins: its catalog, and a theme, surface or
variant whose plugin is gone replaced by the default, with a sentence in the hint
bar.

Apart from the Plugins dialog (``dialogs/plugins.py``, which calls this after each
switch) so that start-up can do it before the first paint without importing the
dialog: what the table shows first must already be what the plugins allow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from freecell.plugins import PluginManager
    from freecell.ui.shell.main_window import Catalog, MainWindow


def catalog_of(manager: PluginManager) -> Catalog:
    """The variants, themes and surfaces the enabled plugins offer now."""
    from freecell.ui.shell.main_window import Catalog

    return Catalog(manager.variants(), manager.card_themes(), manager.table_surfaces())


def apply_plugins_to_window(window: MainWindow, manager: PluginManager) -> list[str]:
    """Bring the window in line with what the plugins provide now; returns (and
    shows in the hint bar) the sentences for the player."""
    catalog = catalog_of(manager)
    set_catalog = getattr(window, "set_catalog", None)
    if callable(set_catalog):
        set_catalog(catalog)
    else:
        window.catalog = catalog
    messages = [f"{notice}." for notice in manager.take_notices()]
    theme = manager.choose_card_theme(window.settings.theme)
    if theme.notice is not None:
        window.set_theme(theme.value)
        messages.append(theme.notice)
    surface = manager.choose_table_surface(window.settings.surface)
    if surface.notice is not None:
        window.set_surface(surface.value)
        messages.append(surface.notice)
    variant = manager.choose_variant(window.bus.game.variant.id)
    if variant.notice is not None:
        window.play_variant(variant.value)
        messages.append(variant.notice)
    if messages:
        window.hint_bar.show_message(" ".join(messages), "info", timeout_ms=12000)
    return messages
