"""Every reason the plugin manager gives has its own sentence in every shipped
language, with the values it carries (the plugin author's words kept as they are)."""

from __future__ import annotations

from pathlib import Path

import pytest

from freecell.i18n import set_language
from freecell.i18n.languages import SHIPPED
from freecell.plugin_host import create_manager
from freecell.plugin_host.model import Notice
from freecell.plugin_host.reason_words import fallback_text, notice_text, why_off
from freecell.plugin_host.reasons import PluginReason, Why
from plugin_helpers import user_plugin_folder, write_plugin

LANGUAGES = list(SHIPPED)
VALUES = {
    Why.IMPORT_FAILED: {"error": "ImportError", "detail": "no module named zz"},
    Why.IMPORT_TOO_SLOW: {"limit": 3.0},
    Why.NOT_REGISTERED: {"detail": "unknown argument window"},
    Why.NOT_A_HOOK: {"hook": "freecell_variant"},
    Why.HOOK_WRAPPER: {"hook": "freecell_variants"},
    Why.TOO_SLOW: {"hook": "freecell_card_themes", "limit": 2.0},
    Why.BACKEND_TOO_SLOW: {"backend": "hangs", "limit": 2.0},
    Why.RAISED: {"hook": "freecell_card_themes", "error": "ValueError", "detail": "boom"},
    Why.EXITED: {"hook": "freecell_card_themes", "detail": "3"},
    Why.BAD_ANSWER: {"hook": "freecell_variants", "answer": "str"},
    Why.LIED: {"backend": "liar"},
    Why.HARD_EXITED: {"hook": "freecell_card_themes", "detail": "3"},
    Why.TOO_MUCH_MEMORY: {"hook": "freecell_card_themes", "limit": 512.0},
    Why.TOO_MANY: {"hook": "freecell_card_themes", "limit": 100.0},
    Why.NO_ID: {"hook": "freecell_variants"},
    Why.ID_TAKEN: {"hook": "freecell_variants", "item": "freecell", "other": "variants"},
    Why.ID_TWICE: {"hook": "freecell_variants", "item": "twin"},
    Why.NAME_TAKEN: {"location": "/home/me/plugins/a.py", "other": "freecell (x)"},
    # (a plugin's own names, which no catalogue holds, so they stay as they are)
    Why.VARIANT_GONE: {"item": "six-cells", "other": "Six Cells"},
    Why.SCORING_GONE: {"item": "vegas", "other": "Vegas"},
    Why.CARD_THEME_GONE: {"item": "ink", "other": "Ink"},
    Why.SURFACE_GONE: {"item": "oak", "other": "Oak"},
    Why.SOLVER_GONE: {"backend": "marker", "other": "Marker Solver"},
    Why.NO_SOLVER: {},
    Why.NO_SOLVER_PLUGIN: {},
}


def test_every_code_has_its_values() -> None:
    assert set(VALUES) == set(Why)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_is_a_sentence_in_every_language(language: str) -> None:
    set_language(language)
    sentences = set()
    for code, values in VALUES.items():
        reason = PluginReason(code, **values)  # type: ignore[arg-type]
        sentence = why_off(reason)
        for value in values.values():
            assert (f"{value:g}" if isinstance(value, float) else value) in sentence
        sentences.add(sentence)
        assert "slow" in notice_text(Notice("slow", reason))
    assert len(sentences) == len(VALUES)  # one sentence per code, none shared


def test_the_log_gets_the_code_and_values() -> None:
    reason = PluginReason(Why.TOO_SLOW, hook="freecell_card_themes", limit=2.0)
    assert str(reason) == "too-slow (hook='freecell_card_themes', limit=2.0)"


def test_a_time_limit_is_written_in_the_players_number_format() -> None:
    reason = PluginReason(Why.BACKEND_TOO_SLOW, backend="hangs", limit=0.2)
    set_language("de")
    try:
        assert "länger als 0,2 s" in why_off(reason)
        set_language("fr")
        assert "0,2 s" in why_off(reason)
    finally:
        set_language("en")
    assert "longer than 0.2 s" in why_off(reason)


def test_a_default_standing_in_is_said_in_german_with_its_name_translated() -> None:
    set_language("de")
    try:
        theme = fallback_text(PluginReason(Why.CARD_THEME_GONE, item="ink", other="Classic"))
        variant = fallback_text(PluginReason(Why.VARIANT_GONE, item="six", other="FreeCell"))
        solver = fallback_text(PluginReason(Why.SOLVER_GONE, backend="x", other="Built-in solver"))
    finally:
        set_language("en")
    assert theme.startswith("Das Kartendesign ink ist nicht verfügbar")
    assert theme.endswith("stattdessen wird „Klassisch“ verwendet.")
    assert variant.startswith("Die Variante six ist nicht verfügbar") and "gespielt" in variant
    assert solver.startswith("Der Löser x ist nicht verfügbar") and "„Eingebauter Löser“" in solver


# a plugin's sys.exit() is its failure, said as such: (source, reason, in German)
SYS_EXIT = {
    "exits_in_a_hook": (
        """
        import sys
        from freecell import hookimpl

        @hookimpl
        def freecell_card_themes():
            sys.exit(3)
        """,
        PluginReason(Why.EXITED, hook="freecell_card_themes", detail="3"),
        "Die Erweiterung hat in freecell_card_themes sys.exit(3) aufgerufen.",
    ),
    "exits_when_loaded": (
        """
        import sys
        sys.exit("bye")
        """,
        PluginReason(Why.EXITED, detail="'bye'"),
        "Die Erweiterung hat beim Laden sys.exit('bye') aufgerufen.",
    ),
}


@pytest.mark.parametrize("name", sorted(SYS_EXIT))
def test_a_plugin_calling_sys_exit_is_turned_off_with_its_own_sentence(
    name: str, tmp_path: Path
) -> None:
    source, reason, german = SYS_EXIT[name]
    for folder in user_plugin_folder(tmp_path):
        write_plugin(folder, name, source)
        manager = create_manager({name: True}, user_plugin_dir=folder, entry_points=[])
        (notice,) = manager.take_notices()
        assert notice.plugin == name and notice.reason == reason
        set_language("de")
        try:
            assert why_off(notice.reason) == german
            assert notice_text(notice).endswith(german)
        finally:
            set_language("en")
        assert "sys.exit(" in why_off(notice.reason)
