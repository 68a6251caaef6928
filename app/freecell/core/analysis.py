"""The analysis the session keeps for the features: made on first use.

Importing :mod:`freecell.analysis` imports the solver's API; the first frame
needs none of it, so :class:`~freecell.core.session.Session` makes this when
a feature first asks (after the table's first paint).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from freecell.analysis.insight import DealChooser, RatingCache, Verdict, WinnabilityTrail
from freecell.engine import Position
from freecell.solver.api import Solved, Unsolvable

if TYPE_CHECKING:
    from freecell.solver.api import Verdict as SolverVerdict


@dataclass
class Analysis:
    """The deal ratings and pars on disk, the next-deal chooser, and what the live
    checks found along this game's path."""

    ratings: RatingCache = field(default_factory=RatingCache)
    chooser: DealChooser = field(default_factory=DealChooser)
    trail: WinnabilityTrail = field(default_factory=WinnabilityTrail)

    def __post_init__(self) -> None:
        if self.chooser.cache is None:
            self.chooser.cache = self.ratings

    def known_verdict(self, position: Position) -> SolverVerdict | None:
        """What the checks already proved of ``position``, as the solver's answer: a
        hint asked after the live check answered needs no second search (a proven
        loss could take the hint's worker seconds to prove again).  None when only
        a search can tell, or when the position is winnable but no line is kept."""
        verdict = self.trail.verdict(position)
        if verdict is Verdict.LOST:
            return Unsolvable(0, 0.0)
        line = self.trail.solution(position) if verdict is Verdict.WINNABLE else None
        return Solved(line, 0, 0.0) if line else None

    def record(self, position: Position, verdict: SolverVerdict) -> Verdict | None:
        """Keep a solver's verdict on ``position``; what it proved, if anything."""
        if isinstance(verdict, Solved):
            self.trail.record(position, Verdict.WINNABLE, verdict.moves)
            return Verdict.WINNABLE
        if isinstance(verdict, Unsolvable):
            self.trail.record(position, Verdict.LOST)
            return Verdict.LOST
        return None
