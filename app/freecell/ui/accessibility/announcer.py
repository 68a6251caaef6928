"""The announcer: the one way every message of the game reaches the player.

``LiveStatus.announce(message)`` writes the message into a visible label in the
status bar (so nothing is told by animation alone) and hands it to assistive
technology, spoken once by whichever screen reader is running:

- **announcement** -- ``QAccessibleAnnouncementEvent`` (AT-SPI
  ``object:announcement``; UI Automation and macOS notifications elsewhere).
  Orca 45.2 and later speak these; Orca 43 and 44 have no handler for them.
- **description** -- for screen readers that do not listen for announcements
  (``atspi_listeners.py`` asks the AT-SPI registry): a description change on the
  focused object carries the message, and Orca 43 speaks the words the change
  carries on the object it has the focus on (its name changes on list items and
  labels it ignores).  A second change blanks the description at once (an empty
  change is not spoken), so a reader that presents the focus late -- it reads the
  description as it does -- never finds the message there to say twice.  A card
  has its own description back at once; a widget after the focus has moved on.

Messages are delivered when the event loop is next idle, after the focus event of
the same step, because a focus change interrupts speech: "Moved the six of spades
..." is heard after the newly focused card, not cut off by it.  On the description
route they also wait until a reader has had ``READ_WAIT_S`` to present a new
focus: it reads the focused object's description as it does, and would otherwise
say the message with the focus and again as the change.  A "put down" note is
dropped when another message follows it in the same step (the move says it).

``history`` keeps what was announced (newest last); ``delivered`` what went to
assistive technology and how -- the tests read both.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent
from PySide6.QtGui import QAccessibleInterface as Interface
from PySide6.QtWidgets import QApplication, QWidget

from freecell.ui.accessibility.atspi_listeners import ListenerCache, Listeners
from freecell.ui.panels.status import ElidedLabel

MAX_HISTORY = 200
MAX_WAITING = 20  # messages kept while nothing has the focus
READ_WAIT_S = 0.8  # how long a reader takes to present a new focus, at most
ANNOUNCEMENT = "announcement"
DESCRIPTION = "description"


@dataclass(frozen=True)
class Delivery:
    route: str  # ANNOUNCEMENT or DESCRIPTION
    message: str
    target: str  # the accessible name of the object that carried it


def routes_for(listeners: Listeners | None) -> tuple[str, ...]:
    """How to reach the screen readers that are listening: announcements where all
    of them hear those, descriptions where none does, both for a mixed desktop."""
    if listeners is None:  # not AT-SPI (Windows, macOS), or no registry to ask
        return (ANNOUNCEMENT,)
    readers = listeners.readers
    hearing = readers & listeners.announcement_readers
    if not readers or hearing == readers:
        return (ANNOUNCEMENT,)
    return (DESCRIPTION,) if not hearing else (DESCRIPTION, ANNOUNCEMENT)


class LiveStatus(QObject):
    announced = Signal(str)

    def __init__(self, source: QWidget, label: ElidedLabel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.source = source  # the widget announcements come from (the table)
        # the status bar's live line (StatusPanel.add_live_line): a sentence longer
        # than the room there is elided, whole in the tooltip and the accessible name
        self.label = label
        self.history: list[str] = []
        self.delivered: list[Delivery] = []
        # the focused object for the description route: the table gives its card
        self.focus_target: Callable[[], Interface | None] = focused_widget_interface
        # our own interfaces (cards, piles) carry a message without a QWidget
        self.carry: Callable[[Interface, str | None], bool] = lambda _i, _m: False
        # the table's own focus event, told when messages are delivered (see deliver)
        self.focus_pending: Callable[[], bool] = lambda: False
        self.send_focus: Callable[[], bool] = lambda: False
        self.listeners = ListenerCache()
        self._pending: list[tuple[str, bool, bool]] = []  # (message, assertive, put down)
        self._held = False
        self._focus_told_at = 0.0
        self._carrier: tuple[Interface, QWidget | None, str] | None = None
        self._flush = QTimer(self)
        self._flush.setSingleShot(True)
        self._flush.setInterval(0)
        self._flush.timeout.connect(self.deliver)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._widget_focus_changed)

    @property
    def last(self) -> str:
        return self.history[-1] if self.history else ""

    def announce(self, message: str, *, assertive: bool = False) -> None:
        self._add(message, assertive, put_down=False)

    def announce_put_down(self, message: str) -> None:
        """A note that is said only if nothing else is said in the same step."""
        self._add(message, False, put_down=True)

    def _add(self, message: str, assertive: bool, *, put_down: bool) -> None:
        message = " ".join(message.split())
        if not message:
            return
        self.history.append(message)
        del self.history[:-MAX_HISTORY]
        self.label.setText(message)
        self.label.setToolTip(message)
        self._pending.append((message, assertive, put_down))
        self._flush.start(0)
        self.announced.emit(message)

    def hold(self, most_ms: int) -> None:
        """Keep what is announced from now on until ``release`` (at most ``most_ms``):
        for a message that must come after a focus change that is on its way."""
        self._held = True
        QTimer.singleShot(most_ms, self, self.release)

    def release(self) -> None:
        if self._held:
            self._held = False
            self._flush.start(0)

    def _widget_focus_changed(self, _old: QWidget | None, _new: QWidget | None) -> None:
        self._focus_told_at = time.monotonic()  # Qt has told the new focus
        self._flush.start(0)

    def focus_changed(self) -> None:
        """The focus moved (or is about to be told): deliver after it."""
        self._flush.start(0)

    def _take(self) -> list[tuple[str, bool, bool]]:
        """The pending messages, less a "put down" note when more is said."""
        pending = self._pending
        if any(not put_down for _m, _a, put_down in pending):
            pending = [p for p in pending if not p[2]]
        return pending

    def _routes(self) -> tuple[str, ...]:
        return routes_for(self.listeners.get())

    def deliver(self) -> None:
        """Hand what was announced to assistive technology (see the module doc)."""
        self._flush.stop()
        if self._held:
            return
        pending, self._pending = self._take(), []
        if not QAccessible.isActive():
            self._carrier = None
            return
        told = self.focus_pending() and self.send_focus()  # first: it interrupts speech
        if told:
            self._focus_told_at = time.monotonic()
        self._restore_if_moved()
        if not pending:
            return
        routes = self._routes()
        if DESCRIPTION in routes:
            wait = READ_WAIT_S - (time.monotonic() - self._focus_told_at)
            if wait > 0:
                # a reader is presenting a new focus and reads its description as it
                # does: a message set now would be heard twice; it comes after that
                self._pending = pending
                self._flush.start(int(wait * 1000) + 1)
                return
            if not self._describe(" ".join(m for m, _a, _p in pending)):
                # nothing has the focus yet (the window is not up): said when something has
                self._pending = pending[-MAX_WAITING:]
                return
        if ANNOUNCEMENT in routes:
            for message, assertive, _p in pending:
                self._send_announcement(message, assertive)
        del self.delivered[:-MAX_HISTORY]

    def _describe(self, words: str) -> bool:
        """The description route; False when no object has the focus."""
        target = self.focus_target()
        if target is None:
            return False
        carrier = self._carrier
        same = carrier is not None and _same(carrier[0], target)
        if carrier is not None and not same:
            self._restore(carrier)
        held = target.object()
        widget = held if isinstance(held, QWidget) else None
        # Orca 43 speaks the words the change event carries; the description is
        # blank again at once, told by a second change that carries nothing (so it
        # is not spoken), because a reader that presents the focus late reads the
        # description then, and would say the words with the focus and again
        if self.carry(target, words):
            self._description_changed(target)
            self.carry(target, "")
            self._description_changed(target)
            self.carry(target, None)  # its own again for whoever asks; no event
            self._carrier = None
            self.delivered.append(Delivery(DESCRIPTION, words, target.text(_NAME)))
            return True
        if widget is None:
            return True  # an object we cannot give words to: nothing to do
        original = carrier[2] if carrier is not None and same else widget.accessibleDescription()
        self._carrier = (target, widget, original)  # its own back once the focus moves on
        self.delivered.append(Delivery(DESCRIPTION, words, target.text(_NAME)))
        if widget.accessibleDescription() == words:
            widget.setAccessibleDescription("")  # (Qt tells no change to the same words)
        widget.setAccessibleDescription(words)  # Qt sends DescriptionChanged
        widget.setAccessibleDescription("")
        return True

    @staticmethod
    def _description_changed(target: Interface) -> None:
        QAccessible.updateAccessibility(
            QAccessibleEvent(target, QAccessible.Event.DescriptionChanged)
        )

    # -- the two routes ------------------------------------------------------------------
    def _send_announcement(self, message: str, assertive: bool) -> None:
        event = QAccessibleAnnouncementEvent(self.source, message)
        event.setPoliteness(
            QAccessible.AnnouncementPoliteness.Assertive
            if assertive
            else QAccessible.AnnouncementPoliteness.Polite
        )
        QAccessible.updateAccessibility(event)
        self.delivered.append(Delivery(ANNOUNCEMENT, message, self.source.accessibleName()))

    def _restore_if_moved(self) -> None:
        carrier = self._carrier
        if carrier is not None and not _same(carrier[0], self.focus_target()):
            self._restore(carrier)

    def _restore(self, carrier: tuple[Interface, QWidget | None, str] | None) -> None:
        """A carrier gets its own description back; it no longer has the focus, so a
        screen reader updates what it knows without saying it."""
        if carrier is self._carrier:
            self._carrier = None
        if carrier is None:
            return
        target, widget, original = carrier
        if widget is not None:
            widget.setAccessibleDescription(original)
        elif self.carry(target, None):
            QAccessible.updateAccessibility(
                QAccessibleEvent(target, QAccessible.Event.DescriptionChanged)
            )


_NAME = QAccessible.Text.Name


def focused_widget_interface() -> Interface | None:
    widget = QApplication.focusWidget()
    if widget is None:
        return None
    iface = QAccessible.queryAccessibleInterface(widget)
    if iface is None:
        return None
    child = iface.focusChild()
    return child if child is not None else iface


def _same(a: Interface | None, b: Interface | None) -> bool:
    """One accessible object? (PySide may wrap one interface twice.)"""
    if a is None or b is None:
        return a is b
    return a is b or QAccessible.uniqueId(a) == QAccessible.uniqueId(b)
