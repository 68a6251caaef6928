"""Scoring: None (the default: no score) and Standard (10 points a card home, 15 off
for a card taken back off a foundation, never below zero)."""

from __future__ import annotations

from collections.abc import Iterable

from freecell import hookimpl
from freecell.i18n import N_
from freecell.scoring import BUILTIN_SCORING, ScoringScheme

# the docstring's first paragraph, which the Plugins dialog shows: in the catalogue
DESCRIPTION = N_(
    "Scoring: None (the default: no score) and Standard (10 points a card home, 15 off for a "
    "card taken back off a foundation, never below zero)."
)


@hookimpl
def freecell_scoring_schemes() -> Iterable[ScoringScheme]:
    return BUILTIN_SCORING
