"""Show the solution: a solution from the position on the table (one the live
checks found already, or a search for a short one), stepped through on the table by
the stepper panel under it (the steps count as moves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from freecell.analysis.difficulty import PAR_BUDGET
from freecell.analysis.insight import Verdict
from freecell.engine import Move
from freecell.i18n import N_, _, ngettext
from freecell.solver.api import Mode, Solved, Unsolvable
from freecell.solver.backends import Answer, FallbackReason, fallback_message
from freecell.solver.trust import opinion_message
from freecell.ui.features.feature_kit import SOLUTION_BUDGET, FeatureKit
from freecell.ui.features.hint_answers import with_note
from freecell.ui.panels.solution_stepper import SolutionStepper
from freecell.ui.shell.door import MessageKind, Slot

if TYPE_CHECKING:
    from freecell.ui.features.rating import RatingAndPar

LOST = N_("There is no solution from here: this position is proven lost.")


class ShowSolution:
    """The Game menu's "Show the solution" and the stepper panel."""

    def __init__(
        self, kit: FeatureKit, par: Callable[[], RatingAndPar | None] = lambda: None
    ) -> None:
        self.kit = kit
        self._par = par  # the deal's par and its line (the stepper plays it from the start)
        self.stepper = SolutionStepper(kit.door.bus, on_message=kit.info)
        kit.door.add_panel(self.stepper)
        self.action = kit.action(
            _("Show the s&olution"),
            self.show_solution,
            _("Step through a solution from here on the table (the steps count as moves)"),
        )
        self.action.setShortcut("Ctrl+Shift+S")

    def show_solution(self) -> None:
        kit = self.kit
        door = kit.door
        game = kit.game
        if game.is_won:
            return
        trail = kit.analysis.trail
        # From the deal's start the stepper plays the line par counts, so par and the
        # solution shown agree; the live check's quicker line may be longer.
        par = self._par()
        at_start = game.position == game.start and game.deal_number is not None
        if at_start and par is not None and par.par_line is not None:
            self._start_stepper(par.par_line)
            return
        known = None if at_start else trail.solution(game.position)
        if known is not None:
            self._start_stepper(known)
            return
        if trail.verdict(game.position) is Verdict.LOST:
            door.say(_(LOST), MessageKind.LOST)
            return
        position, variant = game.position, game.variant
        budget = PAR_BUDGET if at_start else SOLUTION_BUDGET
        door.say(_("Looking for a solution\u2026"), MessageKind.CHECKING)

        def done(answer: Answer) -> None:
            verdict = answer.verdict
            kit.analysis.record(position, verdict)
            if answer.fallback and answer.fallback.reason is FallbackReason.LIED:
                kit.door.session.distrust(answer.fallback.backend_id)
            if position != kit.game.position:
                return
            # the built-in stood in for the player's backend (or only gave its
            # opinion): say so first
            said = fallback_message(answer.fallback) if answer.fallback else None
            if answer.unconfirmed:
                said = opinion_message(answer.unconfirmed)
            if isinstance(verdict, Solved):
                if at_start and par is not None:  # par's own search: this line is par
                    par.adopt_line(kit.game, tuple(verdict.moves))
                self._start_stepper(verdict.moves, said)
            elif isinstance(verdict, Unsolvable):
                door.say(with_note(said, _(LOST)), MessageKind.LOST)
            else:
                none = _("The solver found no solution in time; nothing is claimed.")
                door.say(
                    with_note(said, none),
                    MessageKind.INFO,
                    timeout_ms=6000,
                    holds=lambda: kit.game.position == position,
                )

        kit.jobs.submit(
            Slot.SOLUTION,
            kit.ask(position, variant, budget, Mode.SHORT),
            done,
            lambda error: door.say(
                _("The solver stopped unexpectedly ({error}).").format(error=error),
                MessageKind.PROBLEM,
                timeout_ms=6000,
            ),
        )

    def _start_stepper(self, moves: tuple[Move, ...], said: str | None = None) -> None:
        # said in the message bar (and so spoken), replacing "Looking for a solution…";
        # ``said``: a note that comes first (the built-in stood in for the backend)
        count = len(moves)
        # Translators: Next and Play are the solution stepper's buttons
        found = ngettext(
            "A solution in {n} move: Next makes them one by one, Play plays them.",
            "A solution in {n} moves: Next makes them one by one, Play plays them.",
            count,
        ).format(n=count)
        self.kit.door.say(
            with_note(said, found), MessageKind.INFO, timeout_ms=8000 if said else 6000
        )
        self.stepper.start(moves)
