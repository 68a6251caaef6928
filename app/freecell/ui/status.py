"""The status bar: live counters and the "Deal #" box.

Everything it shows comes from the engine (``movable_limit`` for the supermove
limit, the game's counters and clock); the deal box sends ``NewDeal`` and shows the
engine's sentence when the number is not a deal.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QStatusBar, QWidget

from freecell.engine import Game, InvalidDealNumber, movable_limit, parse_deal_number

from .results import format_time


class StatusPanel:
    def __init__(
        self,
        bar: QStatusBar,
        on_deal: Callable[[int], None],
        on_invalid: Callable[[str], None],
    ) -> None:
        self.bar = bar
        self._on_deal = on_deal
        self._on_invalid = on_invalid
        self.labels: dict[str, QLabel] = {}
        for name, tip in (
            ("limit", "The most cards you can move at once now (the supermove limit)"),
            ("moves", "Moves made"),
            ("time", "Time spent on this deal"),
            ("score", "Score"),
            ("home", "Cards on the foundations"),
            ("deal", "Deal number and variant"),
        ):
            label = QLabel()
            label.setToolTip(tip)
            label.setAccessibleDescription(tip)
            label.setContentsMargins(8, 0, 8, 0)
            self.labels[name] = label
            bar.addWidget(label)
        self.deal_box = QLineEdit()
        self.deal_box.setPlaceholderText("Deal #")
        self.deal_box.setAccessibleName("Play deal number")
        self.deal_box.setToolTip("Type a deal number and press Enter to play it")
        self.deal_box.setMaximumWidth(130)
        self.deal_box.setClearButtonEnabled(True)
        self.deal_box.returnPressed.connect(self._deal_entered)
        bar.addPermanentWidget(_caption("Deal #", bar))
        bar.addPermanentWidget(self.deal_box)
        # a fixed height: a label changing its text must never make the table jump
        bar.setFixedHeight(max(30, bar.sizeHint().height()))

    def _deal_entered(self) -> None:
        text = self.deal_box.text()
        try:
            number = parse_deal_number(text)
        except InvalidDealNumber as error:
            self._on_invalid(str(error))
            return
        self.deal_box.clear()
        self._on_deal(number)

    def update(self, game: Game, score: int | None) -> None:
        limit = movable_limit(game.position, game.variant)
        self.labels["limit"].setText(f"Move {limit}")
        self.labels["moves"].setText(f"Moves: {game.move_count}")
        self.update_time(game.elapsed)
        self.labels["score"].setVisible(score is not None)
        if score is not None:
            self.labels["score"].setText(f"Score: {score}")
        self.labels["home"].setText(f"Home: {game.position.cards_home}/52")
        deal = f"Deal #{game.deal_number}" if game.deal_number is not None else "Custom board"
        self.labels["deal"].setText(f"{deal} \u00b7 {game.variant.name}")

    def update_time(self, seconds: float) -> None:
        self.labels["time"].setText(f"Time: {format_time(seconds)}")

    def text(self, name: str) -> str:
        return self.labels[name].text()


def _caption(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setAlignment(Qt.AlignmentFlag.AlignVCenter)
    return label
