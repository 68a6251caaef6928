"""A short celebration of a win: the cards leap off the foundations one after
another, Kings first, and bounce across the table until they leave it.

It moves the scene's own card items (nothing is added to the scene) and puts them
back on the foundations when it ends, so the table is exactly the won position
again.  Any key or click ends it at once (the view asks :attr:`running`); under
reduce motion it is never started.  ``on_done`` runs when it ends, however it
ended: the window shows the results panel then.  :meth:`cancel` ends it without
``on_done`` (its window is closing); it is a child of its scene, so its timer dies
with the scene.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QElapsedTimer, QObject, QPointF, QTimer

from freecell.engine import DECK, Suit
from freecell.ui.table.items import TableParts

FRAME_MS = 16
LAUNCH_EVERY_MS = 45  # one card after another: the 52 leave within 2.4 s
GRAVITY = 2600.0  # px/s^2 at a 100 px card; scaled with the card size
BOUNCE = 0.72  # how much of its speed a card keeps at each bounce
LONGEST_MS = 5000  # ends by itself even if a card would never leave
Z_FLYING = 2000


@dataclass(slots=True)
class _Flight:
    index: int  # the card's index in DECK
    x: float
    y: float
    vx: float
    vy: float
    launched: bool = False
    gone: bool = False


class Celebration(QObject):
    def __init__(self, scene: TableParts, on_done: Callable[[], None]) -> None:
        # (a child of the scene, when it is a QObject: deleted with it)
        super().__init__(scene if isinstance(scene, QObject) else None)
        self.scene = scene
        self._on_done = on_done
        self._timer = QTimer(self)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self._step)
        self._clock = QElapsedTimer()
        self._last_ms = 0
        self._flights: list[_Flight] = []
        self.running = False

    def start(self) -> None:
        lay = self.scene.layout
        if lay is None or self.running:
            self._on_done()
            return
        rng = random.Random(52)
        scale = lay.card_w / 100
        # Kings first, then Queens ..., taking the four suits in turn
        for rank in range(13, 0, -1):
            for suit in Suit:
                slot = lay.foundations[suit]
                # towards the nearer edge: the last card is gone about a second
                # after it leaves
                going_right = slot.x + slot.w / 2 > lay.width / 2
                speed = rng.uniform(380, 780) * scale
                self._flights.append(
                    _Flight(
                        index=(rank - 1) * 4 + suit,
                        x=slot.x,
                        y=slot.y,
                        vx=speed if going_right else -speed,
                        vy=-rng.uniform(200, 700) * scale,
                    )
                )
        self._gravity = GRAVITY * scale
        self.running = True
        self._clock.start()
        self._last_ms = 0
        self._timer.start()

    def _step(self) -> None:
        now = self._clock.elapsed()
        dt = min(0.05, (now - self._last_ms) / 1000)
        self._last_ms = now
        lay = self.scene.layout
        if lay is None or now > LONGEST_MS:
            self.stop()
            return
        floor = lay.height - lay.card_h
        items = self.scene.items_by_card
        for n, flight in enumerate(self._flights):
            if flight.gone or n * LAUNCH_EVERY_MS > now:
                continue
            item = items[DECK[flight.index]]
            if not flight.launched:
                flight.launched = True
                item.setZValue(Z_FLYING + n)
            flight.vy += self._gravity * dt
            flight.x += flight.vx * dt
            flight.y += flight.vy * dt
            if flight.y > floor:
                flight.y = floor
                flight.vy = -abs(flight.vy) * BOUNCE
            if flight.x < -lay.card_w or flight.x > lay.width:
                flight.gone = True
                item.setVisible(False)
                continue
            item.setPos(QPointF(flight.x, flight.y))
        if all(f.gone for f in self._flights):
            self.stop()

    def stop(self) -> None:
        """End now: every card back on its foundation, then ``on_done``."""
        if not self.running:
            return
        self.running = False
        self._timer.stop()
        self._flights = []
        self.scene.relayout()  # the won position, exactly as it was
        self._on_done()

    def cancel(self) -> None:
        """End now without ``on_done``: what it would show is going away."""
        self.running = False
        self._timer.stop()
        self._flights = []
        self._on_done = _nothing


def _nothing() -> None:
    """What a cancelled celebration does when it ends."""
