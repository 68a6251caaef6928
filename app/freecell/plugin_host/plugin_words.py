"""The words of the plugin list: where a plugin comes from, its state, the kinds of
thing it provides and a built-in plugin's title, for the Plugins dialog and
``freecell-cli plugins`` alike.

A plugin's name and an item's id stay as they are written: they are what
``freecell-cli plugins --enable NAME`` and ``--variant ID`` take.
"""

from __future__ import annotations

from freecell.i18n import N_, _, pgettext
from freecell.plugin_host.model import Kind, PluginInfo, Source

# Translators: where a plugin came from (the Plugins dialog's "From" column, the
# SOURCE column of freecell-cli plugins)
_SOURCE_WORDS = {
    Source.BUILTIN: N_("built-in"),
    Source.PACKAGE: N_("installed package"),
    Source.USER_FOLDER: N_("your plugin folder"),
}

# Translators: a kind of thing a plugin provides, not counted ("variant: Eight Off",
# "Will provide: card theme")
_KIND_WORDS = {
    Kind.VARIANT: N_("variant"),
    Kind.VARIANT_RESOLVER: N_("variant resolver"),
    Kind.SCORING: N_("scoring"),
    Kind.CARD_THEME: N_("card theme"),
    Kind.TABLE_SURFACE: N_("table surface"),
    Kind.SOLVER: N_("solver"),
    Kind.EVENT_OBSERVER: N_("event observer"),
}

# Translators: the built-in plugins as the Plugins dialog lists them (their names,
# "variants", "scoring", "themes" and "solvers", are what --enable takes)
_BUILTIN_TITLES = {
    "variants": N_("Variants"),
    "scoring": N_("Scoring schemes"),
    "themes": N_("Card themes and tables"),
    "solvers": N_("Solvers"),
}


def source_word(source: Source) -> str:
    return _(_SOURCE_WORDS[source])


def kind_word(kind: Kind) -> str:
    return _(_KIND_WORDS[kind])


def plugin_title(info: PluginInfo) -> str:
    """A built-in plugin's title in the player's words; any other plugin's own name."""
    title = _BUILTIN_TITLES.get(info.name) if info.source is Source.BUILTIN else None
    return _(title) if title else info.name


def status_text(info: PluginInfo) -> str:
    if info.error:
        return _("Failed — off for this session")
    if info.loaded:
        return pgettext("plugin", "On")
    return _("On (not loaded)") if info.enabled else pgettext("plugin", "Off")
