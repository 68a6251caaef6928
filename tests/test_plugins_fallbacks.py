"""Choices that fall back: a card theme, surface, scoring scheme or solver that is
gone gives the default with a sentence; the solver asked for is used when available."""

from __future__ import annotations

from freecell.plugin_host import create_manager
from freecell.plugin_host.reason_words import fallback_text
from freecell.plugin_host.reasons import PluginReason, Why
from freecell.themes import CLASSIC, GREEN_FELT


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
