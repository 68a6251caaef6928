"""What the window hosts: where the features' additions go (the Game and View menus,
the panels under the table), and, read from its door, the features registered with
it, the hooks they registered, the dialogs they opened last.  The window's callers
(start-up, tests) ask the window; the features themselves never write to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMenu, QVBoxLayout, QWidget

from freecell.ui.shell.door import Door
from freecell.ui.shell.idle_keys import HINT, say_why_not

if TYPE_CHECKING:
    from freecell.core.session import Session
    from freecell.engine import Position
    from freecell.solver.api import Verdict
    from freecell.ui.accessibility.install import Accessibility
    from freecell.ui.features.hints import HintAnswer, HintRunner
    from freecell.ui.features.insight import Insight
    from freecell.ui.shell.menus import Menus


class HostedFeatures:
    """The main window's view of what is registered with its door (a mixin)."""

    door: Door
    session: Session
    _hints: HintRunner | None
    _menus: Menus
    _column: QVBoxLayout

    @property
    def menus(self) -> dict[str, QMenu]:
        """The menu bar's menus by name ("game", "edit", "view", "help"), complete."""
        return self._menus.by_name

    def add_game_menu_action(self, action: QAction) -> None:
        """For features (through the door): an entry of the Game menu."""
        self.menus["game"].insertAction(self._menus.game_extras, action)

    def add_game_menu(self, menu: QMenu) -> None:
        self.menus["game"].insertMenu(self._menus.game_extras, menu)

    def add_view_menu_action(self, action: QAction) -> None:
        self.menus["view"].insertAction(self._menus.view_extras, action)

    def add_panel(self, panel: QWidget) -> None:
        """For features: a panel under the table (the solution stepper)."""
        self._column.addWidget(panel)

    # -- the hints the window hosts: the key asks through the door, the answer is shown
    @property
    def hints(self) -> HintRunner:
        """The hint searches, made on first use (the first frame asks for none)."""
        if self._hints is None:
            from freecell.ui.features.hints import HintRunner

            self._hints = HintRunner(self.session.hint_service, self.session.solver_backend)
            self._hints.answered.connect(self._on_hint)
        return self._hints

    def hint(self) -> None:
        from freecell.ui.features.hint_answers import ask_for_hint

        if not say_why_not(self.door, HINT):  # won, auto finish running, no legal move
            ask_for_hint(self.door)

    def _on_hint(self, answer: HintAnswer) -> None:
        from freecell.ui.features.hint_answers import show_hint_answer

        show_hint_answer(self.door, answer)

    @property
    def known_verdict(self) -> Callable[[Position], Verdict | None] | None:
        """What a feature registered as known of a position (the live checks)."""
        return self.door.known_verdict

    @property
    def new_deal_hook(self) -> Callable[[], bool] | None:
        """The feature that chooses the next deal ("winnable deals only"), if any."""
        return self.door.next_deal

    @new_deal_hook.setter
    def new_deal_hook(self, hook: Callable[[], bool] | None) -> None:
        self.door.choose_next_deal(hook)  # (registered with the door, as a feature does)

    @property
    def insight(self) -> Insight | None:
        """The solver's insight features, once start-up has registered them."""
        # (its module is imported with the feature, after the first paint)
        from freecell.ui.features.insight import Insight

        return self.door.feature(Insight)

    @property
    def accessibility(self) -> Accessibility | None:
        from freecell.ui.accessibility.install import Accessibility

        return self.door.feature(Accessibility)

    @property
    def preferences_dialog(self) -> QDialog | None:
        return self.door.dialogs.get("preferences")

    @property
    def statistics_dialog(self) -> QDialog | None:
        return self.door.dialogs.get("statistics")

    @property
    def plugins_dialog(self) -> QDialog | None:
        return self.door.dialogs.get("plugins")

    @property
    def custom_variant_dialog(self) -> QDialog | None:
        return self.door.dialogs.get("custom_variant")

    @property
    def choose_deal_dialog(self) -> QDialog | None:
        return self.door.dialogs.get("choose_deal")
