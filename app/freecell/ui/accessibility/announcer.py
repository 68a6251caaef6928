"""The live status: one line of words for what just happened on the table.

Every move, refusal (with the engine's reason), hint, verdict and the win is
written into a visible label in the status bar (so nothing is told by animation
alone) and sent to assistive technology twice over:

- ``QAccessibleAnnouncementEvent`` on the table (Qt 6.8+), which AT-SPI turns into
  an announcement that Orca speaks without moving the focus;
- the label's ``NameChanged`` event (its accessible name is its text; Qt sends
  the event when the text changes), for screen readers that watch the status
  bar instead.

``history`` keeps what was announced (newest last), which is what the tests read.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from freecell.ui.panels.status import ElidedLabel

MAX_HISTORY = 200


class LiveStatus(QObject):
    announced = Signal(str)

    def __init__(self, source: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.source = source  # the widget the announcements come from (the table)
        # a sentence can be longer than the room in the status bar: it is elided there,
        # whole in the tooltip and the accessible name
        self.label = ElidedLabel(parent)
        self.label.setObjectName("liveStatus")
        # no fixed accessible name: the name is the text, so a NameChanged event
        # carries the message itself to screen readers that watch it
        self.label.setAccessibleDescription("The last thing that happened in the game")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.history: list[str] = []

    @property
    def last(self) -> str:
        return self.history[-1] if self.history else ""

    def announce(self, message: str, *, assertive: bool = False) -> None:
        message = " ".join(message.split())
        if not message:
            return
        self.history.append(message)
        del self.history[:-MAX_HISTORY]
        self.label.setText(message)
        self.label.setToolTip(message)
        if QAccessible.isActive():
            # (setText has already sent the label's NameChanged)
            event = QAccessibleAnnouncementEvent(self.source, message)
            event.setPoliteness(
                QAccessible.AnnouncementPoliteness.Assertive
                if assertive
                else QAccessible.AnnouncementPoliteness.Polite
            )
            QAccessible.updateAccessibility(event)
        self.announced.emit(message)
