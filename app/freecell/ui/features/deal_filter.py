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


class DealFilterChoice:
    """The Game menu's "Winnable deals only" and "New deal difficulty"."""

    def __init__(self, kit: FeatureKit) -> None:
        self.kit = kit
        self.chooser = kit.analysis.chooser
        self.rating_budget = RATING_BUDGET  # what "winnable only" spends per candidate
        w = kit.window
        self.winnable_only_action = kit.action(
            _("&Winnable deals only"),
            lambda: self.set_winnable_only(self.winnable_only_action.isChecked()),
            _("A new random deal is dealt only once the solver has found a way to win it"),
        )
        self.winnable_only_action.setCheckable(True)
        self.winnable_only_action.setChecked(self.chooser.winnable_only)
        self.menu = QMenu(_("New deal &difficulty"), w)
        w.add_game_menu(self.menu)
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
        """The window's ``new_deal_hook``: True when this chose (or is choosing) the
        deal; False to let the window deal any random number."""
        chooser = self.chooser
        if not chooser.active:
            return False
        kit = self.kit
        bar = kit.window.hint_bar
        variant = kit.game.variant
        backend, jobs, budget = kit.backend(), kit.jobs, self.rating_budget
        bar.show_message(finding_words(chooser.wanted, chooser.winnable_only), "checking")
        token: list[int] = []  # filled once submitted

        def cancelled() -> bool:  # a newer "New deal", another deal, or closing
            return bool(token) and not jobs.is_current("deal", token[0])

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
                bar.show_message(
                    ngettext(
                        "No match in {n} deal tried; try again, or loosen the filter.",
                        "No match in {n} deals tried; try again, or loosen the filter.",
                        tries,
                    ).format(n=format_number(tries)),
                    "refused",
                    timeout_ms=8000,
                )
                return
            number, _rating = result
            bar.dismiss()
            kit.window.dispatch(NewDeal(number, variant))

        token.append(jobs.submit("deal", work, done))
        return True
