"""Scoring: None (the default: no score) and Standard (10 points a card home, 15 off
for a card taken back off a foundation, never below zero)."""

from __future__ import annotations

from collections.abc import Iterable

from freecell import hookimpl
from freecell.scoring import NO_SCORING, STANDARD_SCORING, ScoringScheme


@hookimpl
def freecell_scoring_schemes() -> Iterable[ScoringScheme]:
    return (NO_SCORING, STANDARD_SCORING)
