"""The status bar: live counters and the "Deal #" box.

Everything it shows comes from the engine (``movable_limit`` for the supermove
limit, the game's counters and clock); the deal box sends ``NewDeal`` and shows the
engine's sentence when the number is not a deal.

The bar reads well at any width.  Its short items (these counters, and what others
add with :meth:`StatusPanel.add_info`: winnability, rating) keep their full text;
one long line (:meth:`StatusPanel.set_elastic`: the live status of the screen
reader support) takes the room that is left and is elided with "…" when it does
not fit, its tooltip and accessible name keeping the whole sentence.  When even
the short items do not fit, the least important are left out, lowest priority
first (the rating, cards home, the supermove limit, ...); the deal label's tooltip
then lists what is not shown.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QStatusBar, QWidget

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
ELASTIC_MIN_WIDTH = 120  # the elided line never gets narrower than this
SLACK = 4  # pixels kept free so rounding never clips the last item


class ElidedLabel(QLabel):
    """A one-line label that fits any width: drawn elided ("…") when its text is too
    long, while ``text()``, the accessible name and the tooltip stay whole."""

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setToolTip(text)

    def paintEvent(self, event: QPaintEvent) -> None:
        text = self.text()
        rect = self.contentsRect()
        metrics = self.fontMetrics()
        if metrics.horizontalAdvance(text) <= rect.width():
            super().paintEvent(event)
            return
        elided = metrics.elidedText(text, Qt.TextElideMode.ElideRight, rect.width())
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, self.alignment(), elided)
        painter.end()


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
        bar.addPermanentWidget(self.deal_box)
        for name, tip, priority in LABELS:
            label = QLabel()
            label.setToolTip(_(tip))
            label.setAccessibleDescription(_(tip))
            self.labels[name] = label
            self.add_info(label, priority)
        # a fixed height: a label changing its text must never make the table jump
        bar.setFixedHeight(max(30, bar.sizeHint().height()))
        bar.installEventFilter(self)

    # -- what goes in the bar ----------------------------------------------------------
    def add_info(self, label: QLabel, priority: int) -> None:
        """Add a short item after the others (before the elastic line), to be left
        out before any item of a higher ``priority`` when the bar is too narrow.  A
        label with no text takes no room."""
        self.bar.insertWidget(len(self._items), label)
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

    def set_elastic(self, label: QWidget) -> None:
        """The one long line: it takes the room left after the short items."""
        label.setMinimumWidth(ELASTIC_MIN_WIDTH)
        self.bar.insertWidget(len(self._items), label, 1)
        self._elastic = label
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # a new width, or an item whose text (so whose width) changed
        if watched is self.bar and event.type() in (QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.fit()
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

    def _fit(self) -> None:
        candidates = list(self._items)
        if not self.bar.isVisible():  # no width yet: only what has something to show
            for widget in candidates:
                if widget.isVisibleTo(self.bar) != self._wanted(widget):
                    widget.setVisible(self._wanted(widget))
            return
        layout = self.bar.layout()
        if layout is None or self.bar.currentMessage():
            return  # a status tip hides the items for now; they come back without it
        # (not style().pixelMetric: the first style() call has PySide6 resolve the
        # style sheet's C++ style class, initialising every QStyle subclass it knows)
        spacing = max(0, layout.spacing())

        def room(widget: QLabel) -> int:
            return widget.sizeHint().width() + spacing

        # the bar's minimum without any of the short items: what the rest needs
        shown = sum(room(w) for w in candidates if w.isVisibleTo(self.bar))
        base = layout.minimumSize().width() - shown
        if self._elastic is not None and not self._elastic.isVisibleTo(self.bar):
            base += ELASTIC_MIN_WIDTH + spacing
        free = self.bar.width() - base - SLACK
        keep: set[QLabel] = set()
        for widget in sorted(candidates, key=lambda w: -self._priority[w]):
            if not self._wanted(widget):
                continue
            if room(widget) > free and self._priority[widget] < PRIORITY_DEAL:
                break  # this one and every less important one are left out
            keep.add(widget)
            free -= room(widget)
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
