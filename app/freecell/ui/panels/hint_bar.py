"""A one-line bar above the table for what the game has to tell the player.

It carries the engine's reason when a move is refused, the hint search's progress
and verdict, and "no legal move left" with its exits.  Short notes fade by
themselves; a verdict with exits stays until the player acts or moves, and a
message given a condition (``holds``) goes as soon as that is no longer true.  The bar
keeps at least one line's height when idle, so a short message never makes the
table jump, and grows to a long message's lines (large text, several plugin
errors) so none is cut off.  Its lines follow its width: the window's column
(:class:`MessageColumn`) settles them for a new width before it shares the room
out, so a resize gives the table one size, not one for the old lines and then
another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QRect, QTimer
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from freecell.i18n import N_, _
from freecell.ui.shell.colour_scheme import idle_bar_colours

IDLE_TEXT = N_(
    "Drag a card or a run, or tap a card and then where it goes. "
    "Press and hold a column to pick a run. F1: how to play."
)


class MessageKind(StrEnum):
    """What a message is (its colours, and whether a move takes it away)."""

    IDLE = "idle"  # the bar's own help line: no message
    INFO = "info"
    CHECKING = "checking"  # a search under way
    REFUSED = "refused"  # a move or command the rules do not allow
    # what was asked could not be done (a file unreadable, the solver crashed): not a
    # refused move, so a screen reader does not say "Not allowed" before it
    PROBLEM = "problem"
    LOST = "lost"
    HINT = "hint"
    WON = "won"

    @property
    def goes_with_a_move(self) -> bool:
        """The next move takes a message of this kind off the bar."""
        return self in (
            MessageKind.CHECKING,
            MessageKind.HINT,
            MessageKind.LOST,
            MessageKind.REFUSED,
            MessageKind.PROBLEM,
        )


class ButtonId(StrEnum):
    """A message's button, as tests and listeners find it (never by its words);
    also the end of the button's object name, ``message-<id>``."""

    UNDO = "undo"
    HINT = "hint"
    REPLAY_DEAL = "replay-deal"
    NEW_DEAL = "new-deal"
    KEEP_PLAYING = "keep-playing"
    UNDO_TO_WINNABLE = "undo-to-winnable"
    BACK_TO_WHERE_I_WAS = "back-to-where-i-was"


@dataclass(frozen=True, slots=True)
class Button:
    """A button of a message: its id, its words, what pressing it does."""

    id: ButtonId
    label: str
    pressed: Callable[[], object]


# a refusal and a problem look alike on screen; only what a screen reader says differs
_SOMETHING_WRONG = ("#5a3a10", "#fff1d6")
KINDS = {
    MessageKind.IDLE: ("#20262e", "#9aa7b4"),
    MessageKind.INFO: ("#1f3b57", "#e3f0ff"),
    MessageKind.CHECKING: ("#2b3440", "#e8edf3"),
    MessageKind.REFUSED: _SOMETHING_WRONG,
    MessageKind.PROBLEM: _SOMETHING_WRONG,
    MessageKind.LOST: ("#5b1d24", "#ffe3e6"),
    MessageKind.HINT: ("#0f4a5f", "#def6ff"),
    MessageKind.WON: ("#1d4d2b", "#e2f7e8"),
}


class HintBar(QFrame):
    def __init__(self, parent: QWidget | None = None, scheme: str = "dark") -> None:
        super().__init__(parent)
        self.setObjectName("hintBar")
        self.kind = MessageKind.INFO
        row = self._row = QHBoxLayout(self)
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
        self.buttons: dict[ButtonId, QPushButton] = {}
        # Who hears each message once it is shown, (text, kind): the screen reader.
        self.listeners: list[Callable[[str, MessageKind], None]] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.dismiss)
        self.scheme = scheme  # the desktop's light or dark (the idle colours)
        self._holds: Callable[[], bool] | None = None
        self.dismiss()

    def show_message(
        self,
        text: str,
        kind: MessageKind = MessageKind.INFO,
        buttons: Sequence[Button] = (),
        timeout_ms: int | None = None,
        holds: Callable[[], bool] | None = None,
    ) -> None:
        """Show ``text``; ``holds``, when given, says whether what it states is still
        true, and the message goes as soon as it is not (see :meth:`recheck`)."""
        self.kind = kind = MessageKind(kind)  # (a caller's plain "lost" is the same kind)
        self._holds = holds
        self._restyle()
        self.label.setText(text)
        for button in self.buttons.values():
            self._buttons_row.removeWidget(button)
            button.deleteLater()
        self.buttons = {}
        for given in buttons:
            button = QPushButton(given.label)
            button.setObjectName(f"message-{given.id}")
            button.clicked.connect(lambda _c=False, pressed=given.pressed: pressed())
            self._buttons_row.addWidget(button)
            self.buttons[given.id] = button
        self._timer.stop()
        if timeout_ms:
            self._timer.start(timeout_ms)
        self.close_button.setVisible(kind is not MessageKind.IDLE)
        self.fit_height()
        for listener in list(self.listeners):
            listener(text, kind)

    def set_scheme(self, scheme: str) -> None:
        """Follow the desktop's light or dark scheme (the idle colours)."""
        if scheme != self.scheme:  # (a style sheet is parsed again each time it is set)
            self.scheme = scheme
            self._restyle()

    def _restyle(self) -> None:
        """The colours of the message kind shown (idle ones follow the scheme)."""
        background, foreground = KINDS[self.kind]
        if self.kind is MessageKind.IDLE:
            background, foreground = idle_bar_colours(self.scheme)
        self.setStyleSheet(
            f"#hintBar {{ background: {background}; border-bottom: 1px solid rgba(0,0,0,60); }}"
            f"#hintBar QLabel {{ color: {foreground}; font-size: 11pt; }}"
            f"#hintBar QPushButton {{ color: {foreground}; background: rgba(255,255,255,28);"
            # (the edge reads at 3.4:1 or more on every kind's background)
            " border: 1px solid rgba(255,255,255,120); border-radius: 4px; padding: 3px 10px; }"
            "#hintBar QPushButton:hover { background: rgba(255,255,255,60); }"
            "#hintBar QPushButton:focus { border: 2px solid #ffcc33; }"
        )

    def fit_height(self, width: int | None = None) -> None:
        """One line's height at least, more when the text wraps at ``width`` (the
        bar's own width unless given)."""
        margins = self._row.contentsMargins()
        line = self.label.fontMetrics().lineSpacing()
        # the label's width once the row is laid out with the buttons shown now
        # (its own width may still be the last message's)
        spacing = max(0, self._row.spacing())
        beside = [b.sizeHint().width() + spacing for b in self.buttons.values()]
        if self.close_button.isVisibleTo(self):
            beside.append(self.close_button.width() + spacing)
        width = self.width() if width is None else width
        room = width - margins.left() - margins.right() - sum(beside) - spacing
        room = max(room, 80)
        text_h = self.label.heightForWidth(room)
        inner = max(line + 14, text_h, self.close_button.sizeHint().height())
        self.setFixedHeight(inner + margins.top() + margins.bottom())

    def recheck(self) -> None:
        """Take the message back if what it states no longer holds (the window asks
        after every change of the game or of the settings)."""
        if self._holds is not None and not self._holds():
            self.dismiss()

    @property
    def text(self) -> str:
        """The message shown now ('' when idle)."""
        return "" if self.kind is MessageKind.IDLE else self.label.text()

    @property
    def active(self) -> bool:
        return self.kind is not MessageKind.IDLE

    def dismiss(self) -> None:
        self.show_message(_(IDLE_TEXT), MessageKind.IDLE)


class MessageColumn(QVBoxLayout):
    """The window's central column: the message bar, the table under it (and the
    panels features add below).

    Each time the column is given a size it first has the bar settle its lines for
    the new width, then shares the height out: the table is given its final size in
    the same pass.  (Settled in the bar's own resize instead, the new height would
    come with a second pass a moment later, the table laid out for both.)
    """

    def __init__(self, parent: QWidget, bar: HintBar) -> None:
        super().__init__(parent)
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(0)
        self._bar = bar
        self.addWidget(bar)

    def setGeometry(self, rect: QRect) -> None:
        # (a new fixed height invalidates this layout, so the pass below uses it)
        self._bar.fit_height(rect.width())
        super().setGeometry(rect)
