"""The deal's rating and par in the status bar ("Hard · par 92"), from the shipped
table, the session's ratings cache or a rating run in the insight worker; the
results panel reads par from the same cache (``Session.known_par``)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from freecell.analysis.difficulty import Difficulty, Rating, par_line, rate_position
from freecell.analysis.labels import difficulty_word
from freecell.engine import Game, Move
from freecell.i18n import _, ngettext
from freecell.i18n.formatting import format_number
from freecell.solver.backends import BUILTIN_ID
from freecell.ui.features.feature_kit import FeatureKit
from freecell.ui.features.hints import HintService
from freecell.ui.panels.status import PRIORITY_RATING
from freecell.ui.shell.door import Slot


class RatingAndPar:
    """The status-bar label and the search that fills it in."""

    def __init__(self, kit: FeatureKit) -> None:
        self.kit = kit
        self.rating: Rating | None = None
        self.par: int | None = None
        # the line par counts (the stepper plays it from the start), once searched
        self.par_line: tuple[Move, ...] | None = None
        self.label = QLabel()
        self.label.setAccessibleName(_("Deal difficulty and par"))
        self.label.setToolTip(
            _(
                "How hard this deal is for the solver, and par: the length of its shortest "
                "solution found"
            )
        )
        kit.door.add_status_item(self.label, PRIORITY_RATING)  # left out when narrow

    def deal_started(self, game: Game) -> None:
        """What is known of the new deal at once (the table, the cache)."""
        self.rating = None
        self.par = None
        self.par_line = None
        if game.deal_number is not None:
            analysis = self.kit.analysis
            self.rating = analysis.chooser.known_rating(game.deal_number, game.variant)
            self.par = analysis.ratings.par(game.variant, game.deal_number)
        self.show()

    def request(self, game: Game) -> None:
        """Rate the deal and find its par in the worker, if not known yet."""
        number, variant = game.deal_number, game.variant
        if number is None or (self.rating is not None and self.par is not None):
            return
        start = game.start
        need_rating = self.rating is None
        need_par = self.par is None
        kit = self.kit
        backend, cache, jobs = kit.backend(), kit.analysis.ratings, kit.jobs
        token: list[int] = []  # filled once submitted
        # only the built-in search's figures are kept: the cache stands beside the
        # shipped table, which the built-in makes

        def keep() -> bool:
            return backend.id == BUILTIN_ID and not backend.fallbacks

        def wanted() -> bool:  # a cancelled search answers "unknown": never cache that
            return not token or jobs.is_current(Slot.PAR, token[0])

        def work(_service: HintService) -> tuple[Rating | None, tuple[Move, ...] | None]:
            # the cache is written here, off the GUI thread (it fsyncs)
            rating = rate_position(start, variant, backend=backend) if need_rating else None
            if rating is not None and wanted() and keep():
                cache.put_rating(variant, number, rating)
            line = par_line(start, variant, backend=backend) if need_par and wanted() else None
            if line is not None and wanted() and keep():
                cache.put_par(variant, number, len(line))
            return rating, line

        def done(result: tuple[Rating | None, tuple[Move, ...] | None]) -> None:
            kit.settle(backend)
            rating, line = result
            if kit.game.deal_number != number or kit.game.variant != variant:
                return
            self.rating = rating or self.rating
            if line is not None:
                self.par, self.par_line = len(line), line
            self.show()

        token.append(jobs.submit(Slot.PAR, work, done))

    def adopt_line(self, game: Game, line: tuple[Move, ...]) -> None:
        """The stepper found this line from the deal's start with par's own search:
        it is par now (also in the cache the results panel reads), so par and the
        solution shown agree."""
        number, variant = game.deal_number, game.variant
        self.par_line = line
        if number is None or self.par == len(line):
            return
        self.par = len(line)
        self.show()
        if self.kit.backend().id != BUILTIN_ID:
            return  # the cache keeps the built-in search's figures only
        cache = self.kit.analysis.ratings

        def work(_service: HintService) -> None:
            cache.put_par(variant, number, len(line))  # off the GUI thread (it fsyncs)

        self.kit.jobs.submit(Slot.PAR_LINE, work, lambda _none: None)

    def show(self) -> None:
        parts = []
        if self.rating is not None:
            parts.append(difficulty_word(self.rating.difficulty))
        if self.par is not None:
            # Translators: in the status bar, "Hard · par 92"
            parts.append(_("par {n}").format(n=self.par))
        self.label.setText(" \u00b7 ".join(parts))
        self.label.setToolTip(rating_tip(self.rating, self.par))


def rating_tip(rating: Rating | None, par: int | None) -> str:
    """The status-bar tooltip: what the rating and par are made of."""
    lines = []
    if rating is not None:
        word = difficulty_word(rating.difficulty)
        states = format_number(rating.states)
        if rating.length is not None:
            # Translators: {difficulty} is "Hard"; {states} a number ("2,400"); {n} the
            # length of the solution found, in moves
            lines.append(
                ngettext(
                    "{difficulty}: the solver looked at {states} positions and found a "
                    "{n}-move line.",
                    "{difficulty}: the solver looked at {states} positions and found a "
                    "{n}-move line.",
                    rating.length,
                ).format(difficulty=word, states=states, n=rating.length)
            )
        elif rating.difficulty is Difficulty.UNSOLVABLE:
            lines.append(
                _("{difficulty}: a complete search found no way to win this deal.").format(
                    difficulty=word
                )
            )
        else:
            lines.append(
                _("{difficulty}: no line within {states} positions (no claim either way).").format(
                    difficulty=word, states=states
                )
            )
    if par is not None:
        lines.append(_("Par {n}: the shortest solution the solver found.").format(n=par))
    return "\n".join(lines) or _("How hard this deal is, and par (the solver's shortest line)")
