"""The status bar: live counters and the "Deal #" box.

Everything it shows comes from the engine (``movable_limit`` for the supermove
limit, the game's counters and clock); the deal box sends ``NewDeal`` and shows the
engine's sentence when the number is not a deal.

No text in the bar is ever cut.  Its short items (these counters, and what others
add with :meth:`StatusPanel.add_info`: winnability, rating) show their whole text
or are left out, the least important first (the rating, cards home, the supermove
limit, ...), and the deal label's tooltip then lists what is not shown.  The one
long line (:meth:`StatusPanel.set_elastic`: what the screen reader was last told)
has the rest of the first row on a wide window and a second row of its own on a
narrower one or in large text; the number of rows follows the bar's width and
font only, never a text, so a message never makes the table jump, and is answered
for the width the window is about to give the bar (:class:`_Rows`), so a resize
lays the table out once.  A sentence too long even for its own row ends after its
last whole word with "…", the tooltip and the accessible name keeping all of it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFontMetrics, QPainter, QPaintEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QStatusBar, QVBoxLayout, QWidget

from freecell.engine import Game, InvalidDealNumber, movable_limit, parse_deal_number
from freecell.i18n import N_, _, ngettext
from freecell.texts.errors import describe
from freecell.texts.variants import variant_name
from freecell.ui.panels.results import format_time

# Which items go first when the bar is too narrow: the lowest priority first.
PRIORITY_DEAL = 100  # never left out
PRIORITY_MOVES = 90
PRIORITY_SCORE = 80
PRIORITY_WINNABILITY = 70
PRIORITY_TIME = 60
PRIORITY_LIMIT = 50
PRIORITY_HOME = 30
PRIORITY_RATING = 20

# (name, tooltip, priority), in their order on screen
LABELS = (
    ("limit", N_("The most cards you can move at once now (the supermove limit)"), PRIORITY_LIMIT),
    ("moves", N_("Moves made"), PRIORITY_MOVES),
    ("time", N_("Time spent on this deal"), PRIORITY_TIME),
    ("score", N_("Score"), PRIORITY_SCORE),
    ("home", N_("Cards on the foundations"), PRIORITY_HOME),
    ("deal", N_("Deal number and variant"), PRIORITY_DEAL),
)
# One row only where the bar is this many average characters wide and the long
# line keeps as many beside the short items: room for the longer sentences.
ONE_ROW_CHARS = 220
LIVE_ROW_CHARS = 90
ROWS_HYSTERESIS_CHARS = 12
ROW_HEIGHT = 30  # at least, per row
SLACK = 4  # pixels kept free so rounding never clips the last item


def word_elided(text: str, metrics: QFontMetrics, width: int) -> str:
    """``text`` whole if it fits ``width``, else its whole words that fit and "…"."""
    if metrics.horizontalAdvance(text) <= width:
        return text
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        shown = " ".join(words[:count]).rstrip(",;:\u2014-") + "\u2026"
        if metrics.horizontalAdvance(shown) <= width:
            return shown
    return "\u2026"


class ElidedLabel(QLabel):
    """A one-line label that fits any width: its whole words that fit and "…" when
    its text is too long, while ``text()``, the accessible name and the tooltip
    stay whole."""

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)

    @property
    def shown_text(self) -> str:
        """What the label draws at its width."""
        return word_elided(self.text(), self.fontMetrics(), self.contentsRect().width())

    def paintEvent(self, event: QPaintEvent) -> None:
        text = self.text()
        shown = self.shown_text
        if shown == text:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), self.alignment(), shown)
        painter.end()


class _Rows(QVBoxLayout):
    """The bar's one or two rows, as many as the width they are given calls for.

    The window's layout asks the status bar its height for the window's width
    before it places the bar and the table above it; answered here, the table gets
    its final room in that pass.  (A height fixed once the bar had its new width
    came with a second pass a moment later, the table laid out for both.)
    """

    # what QStatusBar's own layout puts around its items: 3 px above, 2 below
    AROUND = 5

    def __init__(self, parent: QWidget, panel: StatusPanel) -> None:
        super().__init__(parent)
        self._panel = panel

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        panel = self._panel
        if "deal" not in panel.labels:  # (asked while the bar is being built)
            return ROW_HEIGHT + 2 - self.AROUND
        return panel.bar_height(panel.rows_for(width)) - self.AROUND


class StatusPanel(QObject):
    def __init__(
        self,
        bar: QStatusBar,
        on_deal: Callable[[int], None],
        on_invalid: Callable[[str], None],
    ) -> None:
        super().__init__(bar)
        self.bar = bar
        self._on_deal = on_deal
        self._on_invalid = on_invalid
        self.labels: dict[str, QLabel] = {}
        self._items: list[QLabel] = []  # the short items, in their order on screen
        self._priority: dict[QLabel, int] = {}
        self._elastic: QWidget | None = None
        self._fitting = False
        self._score_shown = False
        self.rows = 1
        self._beside_area = 24  # the bar's width the area does not get (measured when shown)
        # one widget holds both rows (QStatusBar's own layout has one)
        self.area = QWidget(bar)
        self.area.setObjectName("statusRows")
        # hidden while the bar shows a status tip, and still the rows' height then
        policy = self.area.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.area.setSizePolicy(policy)
        column = _Rows(self.area, self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.first_row = QHBoxLayout()
        self.first_row.setContentsMargins(0, 0, 0, 0)
        self.second_row = QHBoxLayout()
        self.second_row.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self.first_row, 1)
        column.addLayout(self.second_row, 1)
        # the short items left, the deal box right (a stretch of 0 yields its room
        # to the long line when that is on this row)
        self.first_row.addStretch(0)
        bar.addWidget(self.area, 1)
        self.deal_box = QLineEdit()
        self.deal_box.setPlaceholderText(_("Deal #"))
        self.deal_box.setAccessibleName(_("Play deal number"))
        self.deal_box.setToolTip(_("Type a deal number and press Enter to play it"))
        self.deal_box.setMinimumWidth(96)
        self.deal_box.setMaximumWidth(120)
        # The clear button shows only once there is text, and looking up its icon is
        # slow under X11: it is switched on with the first character typed.
        self.deal_box.textChanged.connect(self._first_text)
        self.deal_box.returnPressed.connect(self._deal_entered)
        # no "Deal #" caption beside it: the box says so itself (placeholder, tooltip,
        # accessible name), and the live line needs the room more
        self.first_row.addWidget(self.deal_box)
        for name, tip, priority in LABELS:
            label = QLabel()
            label.setToolTip(_(tip))
            label.setAccessibleDescription(_(tip))
            self.labels[name] = label
            self.add_info(label, priority)
        self._set_height()
        bar.installEventFilter(self)

    # -- what goes in the bar ----------------------------------------------------------
    def add_info(self, label: QLabel, priority: int) -> None:
        """Add a short item after the others (before the elastic line), to be left
        out before any item of a higher ``priority`` when the bar is too narrow.  A
        label with no text takes no room."""
        self.first_row.insertWidget(len(self._items), label)
        self._items.append(label)
        self._priority[label] = priority
        # A hidden label's setText posts no layout request, so the bar would not hear
        # that an empty item has something to show now: an item appearing or going
        # is fitted at once (a new width comes through the layout request).
        set_text = label.setText

        def set_text_and_fit(text: str) -> None:
            set_text(text)
            if label.isHidden() or not text:
                self.fit()

        label.setText = set_text_and_fit  # type: ignore[method-assign]
        self.fit()

    def add_live_line(self, text: str) -> ElidedLabel:
        """The line that shows what the screen reader was last told, made with the
        bar (so its row is there from the first frame) and showing ``text``; the
        announcer writes into it from then on."""
        from PySide6.QtCore import Qt
        from PySide6.QtWidgets import QSizePolicy

        label = ElidedLabel()
        label.setObjectName("liveStatus")
        label.setAccessibleDescription(_("The last thing that happened in the game"))
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        label.setText(" ".join(text.split()))  # one line, as the announcer writes it
        self.set_elastic(label)
        return label

    @property
    def live_line(self) -> ElidedLabel | None:
        """The line made by :meth:`add_live_line`, if it was."""
        live = self._elastic
        return live if isinstance(live, ElidedLabel) else None

    def set_elastic(self, label: QWidget) -> None:
        """The one long line: the room left on the first row, or the second row."""
        self._elastic = label
        label.setParent(self.area)
        self._place_elastic()
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # a new width, or an item whose text (so whose width) changed
        kind = event.type()
        if watched is self.bar and kind in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.fit()
        elif watched is self.bar and kind == QEvent.Type.FontChange:
            self._set_height()
        elif watched is self.bar and kind == QEvent.Type.Show:
            # The rows follow the width, known only now; the window is laid out for
            # them at once, so its first frame is the one that stays.
            self.fit()
            layout = self.bar.window().layout()
            if layout is not None:
                layout.activate()
        return False

    def _wanted(self, label: QLabel) -> bool:
        """Whether the item has something to show (a label with no text has not)."""
        if label is self.labels.get("score"):
            return self._score_shown
        return bool(label.text())

    def fit(self) -> None:
        """Show every wanted item that fits, the most important first."""
        if self._fitting:
            return
        self._fitting = True
        try:
            self._fit()
        finally:
            self._fitting = False

    def _row_height(self) -> int:
        label = self.labels["deal"]
        return max(
            ROW_HEIGHT,
            label.sizeHint().height() + 6,
            self.deal_box.sizeHint().height() + 6,
        )

    def bar_height(self, rows: int) -> int:
        """The bar's height with this many rows."""
        return self._row_height() * rows + 2

    def _set_height(self) -> None:
        # The bar's height is the one its rows answer for its width (_Rows), one row's
        # at least.  So is the area's: QStatusBar makes its items' minimum height a
        # strut of its row, which would hold two rows' content a pass longer.
        self.bar.setMinimumHeight(self.bar_height(1))
        self.area.setMinimumHeight(self.bar_height(1) - _Rows.AROUND)
        # (the height answered for a width may be another now: Qt's cached answers go)
        self.area.updateGeometry()
        self.bar.updateGeometry()

    def _set_rows(self, rows: int) -> None:
        if rows != self.rows:
            self.rows = rows
            self._place_elastic()
            self._set_height()

    def _place_elastic(self) -> None:
        live = self._elastic
        if live is None:
            return
        self.first_row.removeWidget(live)
        self.second_row.removeWidget(live)
        if self.rows == 1:  # after the short items, taking the stretch's room
            self.first_row.insertWidget(len(self._items), live, 1)
        else:
            self.second_row.addWidget(live, 1)
        live.show()

    def _wanted_first(self) -> list[QLabel]:
        """The short items with something to show, the most important first."""
        wanted = (w for w in self._items if self._wanted(w))
        return sorted(wanted, key=lambda w: -self._priority[w])

    def _free_for_items(self, area: int) -> int:
        """What the first row's short items have of ``area``: less the deal box, the
        spacing beside it and the slack kept free."""
        spacing = max(0, self.first_row.spacing())
        return area - self.deal_box.sizeHint().width() - spacing - SLACK

    def rows_for(self, area: int) -> int:
        """The rows the bar takes where its items have ``area`` pixels of width."""
        if self._elastic is None:
            return 1
        if self.bar.currentMessage():
            return self.rows  # a status tip hides the items for now: kept as they are
        spacing = max(0, self.first_row.spacing())
        free = self._free_for_items(area)
        average = max(1, self.labels["deal"].fontMetrics().averageCharWidth())
        short = sum(w.sizeHint().width() + spacing for w in self._wanted_first())
        # (back to one row only with some room to spare: a clock that gains a digit
        # must not move the bar up and down)
        spare = 0 if self.rows == 1 else ROWS_HYSTERESIS_CHARS * average
        one_row = (
            area >= ONE_ROW_CHARS * average + spare
            and free - short >= LIVE_ROW_CHARS * average + spare
        )
        return 1 if one_row else 2

    def _fit(self) -> None:
        candidates = list(self._items)
        if not self.bar.isVisible():  # no width yet: only what has something to show
            for widget in candidates:
                if widget.isVisibleTo(self.bar) != self._wanted(widget):
                    widget.setVisible(self._wanted(widget))
            return
        if self.bar.currentMessage():
            return  # a status tip hides the items for now; they come back without it
        if self.area.isVisible() and self.area.width() > 0:
            self._beside_area = max(0, self.bar.width() - self.area.width())
        # the width the area has: the bar's, less its size grip and margins
        area = self.bar.width() - self._beside_area
        self._set_rows(self.rows_for(area))
        spacing = max(0, self.first_row.spacing())
        free = self._free_for_items(area)
        keep: set[QLabel] = set()
        for widget in self._wanted_first():
            room = widget.sizeHint().width() + spacing
            if room > free and self._priority[widget] < PRIORITY_DEAL:
                break  # this one and every less important one are left out
            keep.add(widget)
            free -= room
        for widget in candidates:
            show = widget in keep
            if widget.isVisibleTo(self.bar) != show:
                widget.setVisible(show)
        # what is left out can still be read, in the deal label's tooltip
        left_out = [w.text() for w in candidates if w not in keep and self._wanted(w)]
        tip = _("Deal number and variant")
        if left_out:
            tip += "\n" + _("Not shown at this width: {items}").format(
                items=" \u00b7 ".join(left_out)
            )
        if self.labels["deal"].toolTip() != tip:
            self.labels["deal"].setToolTip(tip)

    # -- the deal box --------------------------------------------------------------------
    def _first_text(self, text: str) -> None:
        if text:
            self.deal_box.textChanged.disconnect(self._first_text)
            self.deal_box.setClearButtonEnabled(True)

    def _deal_entered(self) -> None:
        text = self.deal_box.text()
        try:
            number = parse_deal_number(text)
        except InvalidDealNumber as error:
            self._on_invalid(describe(error))
            return
        self.deal_box.clear()
        self._on_deal(number)

    # -- the counters ----------------------------------------------------------------------
    def update(self, game: Game, score: int | None) -> None:
        # A text that changes width posts a layout request, which fits the bar; only
        # the score appearing or going needs a fit of its own (and needs it now).
        score_was_shown = self._score_shown
        self._fitting = True
        try:
            # (Not "Move 5": beside "Moves: 0" that read as a second move counter.)
            self.labels["limit"].setText(limit_text(game))
            self.labels["moves"].setText(_("Moves: {n}").format(n=game.move_count))
            self.update_time(game.elapsed)
            self._score_shown = score is not None
            if score is not None:
                self.labels["score"].setText(_("Score: {n}").format(n=score))
            self.labels["home"].setText(_("Home: {n}/52").format(n=game.position.cards_home))
            deal = (
                _("Deal #{number}").format(number=game.deal_number)
                if game.deal_number is not None
                else _("Custom board")
            )
            self.labels["deal"].setText(f"{deal} \u00b7 {variant_name(game.variant)}")
        finally:
            self._fitting = False
        if self._score_shown != score_was_shown:
            self.fit()

    def update_time(self, seconds: float) -> None:
        self.labels["time"].setText(_("Time: {time}").format(time=format_time(seconds)))

    def text(self, name: str) -> str:
        return self.labels[name].text()


def limit_text(game: Game) -> str:
    """The supermove limit in words, never more cards than are left on the table
    (an empty table would allow 1,280): after a win there is nothing to move."""
    if game.is_won:
        return _("All cards home")
    left = 52 - game.position.cards_home
    limit = min(movable_limit(game.position, game.variant), left)
    return ngettext("Can move {n} card", "Can move {n} cards", limit).format(n=limit)
