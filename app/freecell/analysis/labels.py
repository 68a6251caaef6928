"""The analysis' codes in the player's words: a deal's difficulty and the new-deal
filter, through the catalogue (Qt-free, like the rest of the analysis).  The
enums keep their English names as stable codes (the CLI's JSON writes them, and
``difficulty.py`` is part of the solver's fingerprint, so its text stays put); what
a player reads comes from here."""

from __future__ import annotations

from freecell.analysis.difficulty import Difficulty
from freecell.analysis.insight import DealFilter
from freecell.i18n import _, pgettext

# Translators: a deal's difficulty, as the status bar shows it ("Hard · par 92")
_DIFFICULTY = {
    Difficulty.EASY: lambda: pgettext("difficulty", "Easy"),
    Difficulty.MEDIUM: lambda: pgettext("difficulty", "Medium"),
    Difficulty.HARD: lambda: pgettext("difficulty", "Hard"),
    Difficulty.EXPERT: lambda: pgettext("difficulty", "Expert"),
    # Translators: a deal the solver could not rate within its budget (no claim)
    Difficulty.UNKNOWN: lambda: pgettext("difficulty", "Unrated"),
    # Translators: a deal a complete search proved cannot be won
    Difficulty.UNSOLVABLE: lambda: pgettext("difficulty", "Unwinnable"),
}


def difficulty_word(difficulty: Difficulty) -> str:
    """``Hard``, ``Schwer``, ``Сложная``."""
    return _DIFFICULTY[difficulty]()


# Translators: the choices of Game > New deal difficulty
_FILTER = {
    DealFilter.ANY: lambda: pgettext("deal filter", "Any difficulty"),
    DealFilter.EASY: lambda: pgettext("deal filter", "Easy"),
    DealFilter.MEDIUM: lambda: pgettext("deal filter", "Medium"),
    DealFilter.HARD: lambda: pgettext("deal filter", "Hard"),
    DealFilter.EXPERT: lambda: pgettext("deal filter", "Expert"),
}


def deal_filter_word(choice: DealFilter) -> str:
    """A choice of the new-deal difficulty menu."""
    return _FILTER[choice]()


# What the message bar says while it looks for a deal that passes the filter
_FINDING = {
    (DealFilter.ANY, False): lambda: _("Finding a deal\u2026"),
    (DealFilter.ANY, True): lambda: _("Finding a winnable deal\u2026"),
    (DealFilter.EASY, False): lambda: _("Finding an easy deal\u2026"),
    (DealFilter.EASY, True): lambda: _("Finding an easy winnable deal\u2026"),
    (DealFilter.MEDIUM, False): lambda: _("Finding a medium deal\u2026"),
    (DealFilter.MEDIUM, True): lambda: _("Finding a medium winnable deal\u2026"),
    (DealFilter.HARD, False): lambda: _("Finding a hard deal\u2026"),
    (DealFilter.HARD, True): lambda: _("Finding a hard winnable deal\u2026"),
    (DealFilter.EXPERT, False): lambda: _("Finding an expert deal\u2026"),
    (DealFilter.EXPERT, True): lambda: _("Finding an expert winnable deal\u2026"),
}


def finding_words(choice: DealFilter, winnable_only: bool) -> str:
    """``Finding an easy winnable deal…``."""
    return _FINDING[(choice, winnable_only)]()
