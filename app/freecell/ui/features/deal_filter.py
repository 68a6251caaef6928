"""Winnable deals only, and the new-deal difficulty filter: "New deal" asks the
session's deal chooser, which decides a candidate by the shipped table, the ratings
cache or a rating run in the insight worker, and deals the first that passes."""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from freecell.analysis.difficulty import RATING_BUDGET, Rating, rate_position
from freecell.analysis.insight import DealFilter, NoDealFound
from freecell.analysis.labels import deal_filter_word, finding_words
from freecell.engine import NewDeal, deal
from freecell.i18n import _, ngettext
from freecell.i18n.formatting import format_number
from freecell.ui.features.feature_kit import FeatureKit
from freecell.ui.features.hints import HintService
from freecell.ui.shell.door import MessageKind, Slot


class DealFilterChoice:
    """The Game menu's "Winnable deals only" and "New deal difficulty"."""

    def __init__(self, kit: FeatureKit) -> None:
        self.kit = kit
        self.chooser = kit.analysis.chooser
        self.rating_budget = RATING_BUDGET  # what "winnable only" spends per candidate
        w = kit.door.host
        self.winnable_only_action = kit.action(
            _("&Winnable deals only"),
            lambda: self.set_winnable_only(self.winnable_only_action.isChecked()),
            _("A new random deal is dealt only once the solver has found a way to win it"),
        )
        self.winnable_only_action.setCheckable(True)
        self.winnable_only_action.setChecked(self.chooser.winnable_only)
        self.menu = QMenu(_("New deal &difficulty"), w)
        kit.door.add_menu(self.menu)
        group = QActionGroup(w)
        self.actions: dict[DealFilter, QAction] = {}
        for choice in DealFilter:
            action = QAction(deal_filter_word(choice), w, checkable=True)
            action.setChecked(choice is self.chooser.wanted)
            action.triggered.connect(lambda _c=False, c=choice: self.set_filter(c))
            group.addAction(action)
            self.menu.addAction(action)
            self.actions[choice] = action

    def set_winnable_only(self, on: bool) -> None:
        self.chooser.winnable_only = on
        self.winnable_only_action.setChecked(on)

    def set_filter(self, choice: DealFilter) -> None:
        self.chooser.wanted = choice
        self.actions[choice].setChecked(True)

    def new_deal(self) -> bool:
        """The hook registered with the door's ``choose_next_deal``: True when this
        chose (or is choosing) the deal; False to let the window deal any number."""
        chooser = self.chooser
        if not chooser.active:
            return False
        kit = self.kit
        door = kit.door
        variant = kit.game.variant
        backend, jobs, budget = kit.backend(), kit.jobs, self.rating_budget
        door.say(finding_words(chooser.wanted, chooser.winnable_only), MessageKind.CHECKING)
        token: list[int] = []  # filled once submitted

        def cancelled() -> bool:  # a newer "New deal", another deal, or closing
            return bool(token) and not jobs.is_current(Slot.DEAL, token[0])

        def rate(number: int) -> Rating:
            return rate_position(deal(number, variant), variant, backend=backend, budget=budget)

        def work(_service: HintService) -> tuple[int, Rating] | None:
            try:
                return chooser.choose(rate, variant, cancelled)
            except NoDealFound:
                return None

        def done(result: tuple[int, Rating] | None) -> None:
            kit.settle(backend)
            if result is None:
                tries = chooser.max_tries
                door.say(
                    ngettext(
                        "No match in {n} deal tried; try again, or loosen the filter.",
                        "No match in {n} deals tried; try again, or loosen the filter.",
                        tries,
                    ).format(n=format_number(tries)),
                    MessageKind.REFUSED,
                    timeout_ms=8000,
                )
                return
            number, _rating = result
            door.dismiss()
            kit.door.dispatch(NewDeal(number, variant))

        token.append(jobs.submit(Slot.DEAL, work, done))
        return True
