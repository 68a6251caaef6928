"""Cards gliding to their new places: one animation moves every card whose place
changed, each after its own delay, so the cards auto-play sends home after the
player's move fly one after another."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QVariantAnimation

from freecell.engine import DECK, Card, Move, Position, apply_move
from freecell.ui.table.items import Z_LIFTED, CardItem

MOVE_MS = 190
STAGGER_MS = 90  # between one move's cards and the next (auto-play's)

Leg = tuple[CardItem, QPointF, QPointF, int]  # item, start, end, delay in ms


class Glide:
    """One running animation: items glide from their start to their target, each
    after its own delay."""

    def __init__(self, parent: QObject, legs: list[Leg]) -> None:
        self.legs = legs
        self.total = max(delay for *_, delay in legs) + MOVE_MS
        self.curve = QEasingCurve(QEasingCurve.Type.OutCubic)
        self.anim = QVariantAnimation(parent)
        self.anim.setStartValue(0.0)
        self.anim.setEndValue(float(self.total))
        self.anim.setDuration(self.total)
        self.anim.valueChanged.connect(self._step)
        self.anim.finished.connect(self.finish)
        self._done = False

    def _step(self, value: object) -> None:
        elapsed = float(value)  # type: ignore[arg-type]
        for item, start, end, delay in self.legs:
            t = min(1.0, max(0.0, (elapsed - delay) / MOVE_MS))
            k = self.curve.valueForProgress(t)
            item.setPos(start + (end - start) * k)
            if 0.0 < t < 1.0 and item.zValue() < Z_LIFTED:
                item.setZValue(Z_LIFTED + item.zValue())

    @property
    def running(self) -> bool:
        """Whether the cards are still on their way (its animation is gone once done)."""
        return not self._done and self.anim.state() == self.anim.State.Running

    def finish(self) -> None:
        """Jump every card to its place (also used when a new change interrupts)."""
        if self._done:
            return
        self._done = True
        self.anim.stop()
        # the animation is its parent's (the scene's) child: without this every
        # move's stayed with it for the rest of the session (see docs/soak.md)
        self.anim.deleteLater()
        for item, _start, end, _delay in self.legs:
            item.setPos(end)
            item.setZValue(item.data(0))


def glide_delays(before: Position, moves: Iterable[Move]) -> dict[Card, int]:
    """How long each card moved by ``moves`` (played from ``before``) waits: the
    first move's cards at once, each later move's a stagger later."""
    delays: dict[Card, int] = {}
    current = before
    for i, move in enumerate(moves):
        for c in _cards_moved(current, move):
            delays[c] = i * STAGGER_MS
        current = apply_move(current, move)
    return delays


def _cards_moved(position: Position, move: Move) -> list[Card]:
    if move.source.is_column:
        cards = position.columns[move.source.index]
        return list(cards[len(cards) - (move.count or 1) :])
    if move.source.is_cell:
        held = position.cells[move.source.index]
        return [] if held is None else [held]
    top = position.foundations[move.source.index]
    return [DECK[(top - 1) * 4 + move.source.index]] if top else []
