"""A one-line bar above the table for what the game has to tell the player.

It carries the engine's reason when a move is refused, the hint search's progress
and verdict, and "no legal move left" with its exits.  Short notes fade by
themselves; a verdict with exits stays until the player acts or moves.  The bar
keeps its height when idle, so a message never makes the table jump.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from freecell.i18n import N_, _

IDLE_TEXT = N_(
    "Drag a card or a run, or tap a card and then where it goes. "
    "Press and hold a column to pick a run. F1: how to play."
)

KINDS = {
    "idle": ("#20262e", "#9aa7b4"),
    "info": ("#1f3b57", "#e3f0ff"),
    "checking": ("#2b3440", "#e8edf3"),
    "refused": ("#5a3a10", "#fff1d6"),
    "lost": ("#5b1d24", "#ffe3e6"),
    "hint": ("#0f4a5f", "#def6ff"),
    "won": ("#1d4d2b", "#e2f7e8"),
}


class HintBar(QFrame):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("hintBar")
        self.kind = "info"
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 6, 8, 6)
        row.setSpacing(8)
        self.label = QLabel()
        self.label.setWordWrap(True)
        # (not selectable: Qt sends a selectable label's text changes to AT-SPI as text
        # events of an object with no text interface, and warns each time; the words
        # are spoken, and stay whole in the status bar's live line and its tooltip)
        # no fixed accessible name: a label's name is its text, so the name is the message
        self.label.setAccessibleDescription(_("Game message"))
        row.addWidget(self.label, 1)
        self._buttons_row = QHBoxLayout()
        self._buttons_row.setSpacing(6)
        row.addLayout(self._buttons_row)
        self.close_button = QPushButton("\u2715")
        self.close_button.setFlat(True)
        self.close_button.setToolTip(_("Dismiss"))
        self.close_button.setAccessibleName(_("Dismiss message"))
        self.close_button.setFixedWidth(30)
        self.close_button.clicked.connect(self.dismiss)
        row.addWidget(self.close_button)
        self.buttons: dict[str, QPushButton] = {}
        # Who hears each message once it is shown, (text, kind): the screen reader.
        self.listeners: list[Callable[[str, str], None]] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.dismiss)
        self.setFixedHeight(44)
        self.dismiss()

    def show_message(
        self,
        text: str,
        kind: str = "info",
        actions: Sequence[tuple[str, Callable[[], None]]] = (),
        timeout_ms: int | None = None,
    ) -> None:
        self.kind = kind
        background, foreground = KINDS.get(kind, KINDS["info"])
        self.setStyleSheet(
            f"#hintBar {{ background: {background}; border-bottom: 1px solid rgba(0,0,0,60); }}"
            f"#hintBar QLabel {{ color: {foreground}; font-size: 11pt; }}"
            f"#hintBar QPushButton {{ color: {foreground}; background: rgba(255,255,255,28);"
            " border: 1px solid rgba(255,255,255,70); border-radius: 4px; padding: 3px 10px; }"
            "#hintBar QPushButton:hover { background: rgba(255,255,255,60); }"
            "#hintBar QPushButton:focus { border: 2px solid #ffcc33; }"
        )
        self.label.setText(text)
        for button in self.buttons.values():
            self._buttons_row.removeWidget(button)
            button.deleteLater()
        self.buttons = {}
        for label, callback in actions:
            button = QPushButton(label)
            button.clicked.connect(callback)
            self._buttons_row.addWidget(button)
            self.buttons[label] = button
        self._timer.stop()
        if timeout_ms:
            self._timer.start(timeout_ms)
        self.close_button.setVisible(kind != "idle")
        for listener in list(self.listeners):
            listener(text, kind)

    @property
    def text(self) -> str:
        """The message shown now ('' when idle)."""
        return "" if self.kind == "idle" else self.label.text()

    @property
    def active(self) -> bool:
        return self.kind != "idle"

    def dismiss(self) -> None:
        self.show_message(_(IDLE_TEXT), "idle")
