"""Accessibility hooked onto a ``MainWindow`` from the outside (the Qt half).

``install_accessibility(window)`` adds, without the window knowing:

- accessible interfaces for the piles and cards (``interfaces.py``), so a screen
  reader sees "Seven of hearts, column 3, top card; 3 cards can move";
- a live status (``announcer.py``) that says every move, refusal, hint, verdict
  and the win, in words on screen and to assistive technology;
- keys: D describes the whole table, W reads the focused card again, P opens the
  run picker on the focused column (Up/Down choose, Enter takes, Escape closes),
  F6 / Shift+F6 walk the table, the message bar's buttons, the results panel and
  the deal box; Escape closes the results panel;
- a focus ring over the focused widget in every window (``focus_ring.py``; the
  table's own focus mark has its black halo from the scene, ``TableMarks``).

It is installed right after the table's first paint (``MainWindow.after_first_paint``);
the status bar's live line it writes into is there from the first frame.

The text itself comes from ``text.py``, which imports no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QGraphicsPathItem, QMainWindow, QWidget

from freecell.engine import (
    DealStarted,
    GameWon,
    MoveApplied,
    MoveRefused,
    NoMovesLeft,
    Pile,
    Redone,
    Undone,
)
from freecell.i18n import _, ngettext
from freecell.texts.refusals import explain
from freecell.ui.accessibility import keys_hint, text
from freecell.ui.accessibility.announcer import LiveStatus
from freecell.ui.accessibility.focus_ring import FocusRing
from freecell.ui.accessibility.table_model import TableAccessibility, install_table_accessibility
from freecell.ui.shell.door import Doorway, Menu, MessageKind, WindowParts, door_of
from freecell.ui.table.view import TableView

if TYPE_CHECKING:
    from freecell.engine import Event

_RING: FocusRing | None = None
# the win is said once the results panel is up (it shows a moment after the last move)
RESULTS_WAIT_MS = 3000


@dataclass
class Accessibility:
    """What ``install_accessibility`` made, registered with the window's door
    (``window.accessibility`` finds it)."""

    window: WindowParts  # the window's widgets, which a screen reader is told of
    model: TableAccessibility
    live: LiveStatus
    actions: dict[str, QAction]
    ring: FocusRing
    halo: QGraphicsPathItem  # the scene's focus halo (TableMarks.focus_halo)
    keyboard_active: bool = False  # the player's last input on the table was a key
    filters: tuple[QObject, ...] = ()  # the event filters it installed

    # -- what the keys do ------------------------------------------------------------
    def describe_table(self) -> str:
        game = self.window.bus.game
        words = text.describe_table(
            game.position,
            game.variant,
            deal_number=game.deal_number,
            move_count=game.move_count,
        )
        self.live.announce(words, assertive=True)
        return words

    def read_focus(self) -> str:
        spot = self.model.focused()
        if spot is None:
            return ""
        pile, depth = spot
        game = self.window.bus.game
        cards = text.pile_cards(game.position, pile)
        if not cards:
            words = text.pile_description(game.position, game.variant, pile)
        else:
            depth = depth if pile.is_column else len(cards) - 1
            # Translators: W reads the focused card: its name, then what it can do
            words = _("{name}. {description}").format(
                name=text.card_name(game.position, game.variant, pile, depth),
                description=text.card_description(game.position, game.variant, pile, depth),
            )
        self.live.announce(words, assertive=True)
        return words

    def open_picker(self) -> bool:
        """The run picker for the keyboard: opens on the focused column with the run
        from the focused card selected; Up/Down (handled by the controller while the
        picker is open) take one card more or fewer."""
        controller = self.window.controller
        scene = self.window.scene
        pile, depth = controller.focused()
        cards = text.pile_cards(self.window.bus.game.position, pile)
        lay = scene.layout
        if not pile.is_column or not cards or lay is None:
            self.live.announce(_("The run picker works on a column with cards."))
            return False
        if controller.picker_open:
            controller.clear_selection()
            self.live.announce(_("Run picker closed."))
            return False
        self._opening_picker = True  # the picker says what it picked up
        try:
            controller.open_picker(pile.index, depth)
        finally:
            self._opening_picker = False
        self.window.view.ensureVisible(controller.picker.sceneBoundingRect(), 12, 12)
        if controller.selection is not None:  # on the run's first card, if not on a run
            depth = controller.selection[1]
        count = len(cards) - depth
        movable = controller.picker.movable
        said = (
            # Translators: {card} is the first card of the run picked up ("nine of clubs")
            ngettext(
                "Run picker on column {number}: {n} card from the {card}. Up takes one "
                "more, Down one fewer, then choose where it goes and press Enter. "
                "Escape closes.",
                "Run picker on column {number}: {n} cards from the {card}. Up takes one "
                "more, Down one fewer, then choose where it goes and press Enter. "
                "Escape closes.",
                count,
            ).format(number=pile.index + 1, n=count, card=text.card_word(cards[depth]))
            + " "
            # Translators: after the run picker's words: the supermove limit now
            + ngettext("{n} card can move now.", "{n} cards can move now.", movable).format(
                n=movable
            )
        )
        self.live.announce(said)
        return True

    def cycle_focus(self, backwards: bool = False) -> QWidget | None:
        """F6: the table, the message bar's buttons, the results panel, the deal box."""
        stops = [w for w in self.focus_stops() if w.isVisible() and w.isEnabled()]
        if not stops:
            return None
        current = QApplication.focusWidget()
        index = next((i for i, w in enumerate(stops) if w is current), -1)
        step = -1 if backwards else 1
        target = stops[(index + step) % len(stops)] if index >= 0 else stops[0]
        target.setFocus(Qt.FocusReason.TabFocusReason)
        return target

    def focus_stops(self) -> list[QWidget]:
        w = self.window
        stops: list[QWidget] = [w.view]
        bar = w.hint_bar
        stops += list(bar.buttons.values())
        if bar.close_button.isVisible():
            stops.append(bar.close_button)
        if w.results.isVisible():
            stops += [w.results.new_button, w.results.replay_button, w.results.look_button]
        stops.append(w.status.deal_box)
        return stops

    # -- what the game says ----------------------------------------------------------
    def on_event(self, event: Event) -> None:
        # (imported with the first event: the first frame has none)
        if isinstance(event, MoveApplied):
            words = text.describe_moves(event.before, event.moves)
            if event.auto_finish:
                words = text.describe_auto_finish(words)
            self.live.announce(words)
        elif isinstance(event, Undone):
            self.live.announce(text.describe_moves(event.position, event.moves, verb="undone"))
        elif isinstance(event, Redone):
            self.live.announce(text.describe_moves(event.before, event.moves, verb="redone"))
        elif isinstance(event, MoveRefused):
            # the window shows the reason in its message bar first (it subscribed
            # before us), and on_message has said it already
            reason = explain(event.refusal)
            if reason != self._said_refusal:
                self.live.announce(text.describe_refusal(reason), assertive=True)
            self._said_refusal = ""
        elif isinstance(event, DealStarted):
            variant = _(event.variant.name)
            if event.deal_number is not None:
                said = _("Deal {number} of {variant} is on the table. Press D to hear it.")
            else:
                said = _("A board of {variant} is on the table. Press D to hear it.")
            self.live.announce(said.format(number=event.deal_number, variant=variant))
        elif isinstance(event, NoMovesLeft):
            none_left = _("No legal move is left.")
            if self.live.last != none_left:  # the message bar said it
                self.live.announce(none_left, assertive=True)
        elif isinstance(event, GameWon):
            # said when the results panel has the focus: a focus change cuts speech off
            self.live.hold(RESULTS_WAIT_MS)
            self.live.announce(text.describe_won(event.move_count, event.seconds), assertive=True)
        if isinstance(event, MoveApplied | Undone | Redone):
            self.model.notify_changed(event.before)
        elif isinstance(event, DealStarted):
            self.model.notify_changed(None)

    _said_refusal: str = ""
    _opening_picker: bool = False

    def selection_changed(self, before: tuple[Pile, int] | None) -> None:
        """Cards picked up or put down: their state changes, and it is said."""
        self.model.notify_selection(before)
        after = self.window.controller.selection
        position = self.window.bus.game.position
        if self._opening_picker:
            return  # the picker says what it picked up
        if after is not None:
            self.live.announce(text.describe_pick_up(position, *after))
        elif before is not None:
            self.live.announce_put_down(text.describe_put_down(position, *before))

    def on_message(self, message: str, kind: MessageKind) -> None:
        """The message bar changed: hints, verdicts, refusals and other notes are
        said too (the win is said from the bus, with its counts)."""
        if kind in (MessageKind.IDLE, MessageKind.WON):
            return
        if kind is MessageKind.REFUSED:
            self._said_refusal = message
            self.live.announce(text.describe_refusal(message), assertive=True)
            return
        self.live.announce(message, assertive=kind in (MessageKind.LOST, MessageKind.PROBLEM))

    def focus_moved(self) -> None:
        self.model.notify_focus()
        self.live.focus_changed()
        if self.keyboard_active and self.halo.isVisible():
            # large cards scroll: keep the keyboard focus on screen
            self.window.view.ensureVisible(self.halo.path().boundingRect(), 16, 16)


class _InputKind(QObject):
    """Remembers whether the table was last used with keys or with the pointer, so
    the view scrolls to follow the keyboard focus but never fights a mouse; and
    when the table gets the keyboard back, tells screen readers the focused card."""

    def __init__(self, a11y: Accessibility, parent: QObject) -> None:
        super().__init__(parent)
        self.a11y = a11y

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.KeyPress:
            self.a11y.keyboard_active = True
        elif kind == QEvent.Type.MouseButtonPress:
            self.a11y.keyboard_active = False
        elif kind == QEvent.Type.FocusIn and watched is self.a11y.window.view:
            # the table got the keyboard: say which card it is on
            # (after Qt's own focus event for the view, which comes after this filter)
            self.a11y.model.notify_focus(again=True)
            self.a11y.live.focus_changed()
        return False


class _ResultsKeys(QObject):
    """The results panel keeps the keyboard while it is up: Tab and Shift+Tab go
    round its own buttons (they used to walk out into the deal box), Escape closes
    it from any of them; when it hides, the table gets the keyboard back (a hidden
    widget must not keep the focus)."""

    def __init__(self, window: WindowParts, shown: Callable[[], None], parent: QObject) -> None:
        super().__init__(parent)
        self.window = window
        self.shown = shown

    def stops(self) -> list[QWidget]:
        results = self.window.results
        return [
            w
            for w in results.findChildren(QWidget)
            if w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isVisible() and w.isEnabled()
        ]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        results = self.window.results
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            if not results.isVisible():
                return False
            if event.key() == Qt.Key.Key_Escape:
                results.hide()
                return True
            if event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
                stops = self.stops()
                if watched in stops:
                    back = event.key() == Qt.Key.Key_Backtab or bool(
                        event.modifiers() & Qt.KeyboardModifier.ShiftModifier
                    )
                    step = -1 if back else 1
                    index = stops.index(watched)
                    stops[(index + step) % len(stops)].setFocus(Qt.FocusReason.TabFocusReason)
                    return True
        elif event.type() == QEvent.Type.Hide and watched is results:
            self.window.view.setFocus(Qt.FocusReason.OtherFocusReason)
        elif event.type() == QEvent.Type.Show and watched is results:
            self.shown()
        return False


class _GameKeysInTextBox(QObject):
    """In the deal box, a letter that is one of the game's one-key shortcuts (N, U,
    H, F, D, W, P) is the shortcut, not text: a deal number has no letters, so
    nothing is typed by surprise."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            plain = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            simple = plain in (Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ShiftModifier)
            if simple and event.text().isalpha():
                event.ignore()  # the window's shortcut takes it
                return True
        return False


def _name_the_frames(window: QMainWindow, bar: QWidget) -> None:
    """Containers a screen reader lists by name: none is left unnamed."""
    from PySide6.QtWidgets import QSizeGrip, QToolButton

    bar.setAccessibleName(_("Message bar"))
    window.statusBar().setAccessibleName(_("Status bar"))
    window.menuBar().setAccessibleName(_("Menu bar"))
    for grip in window.statusBar().findChildren(QSizeGrip):
        grip.setAccessibleName(_("Resize the window"))
    for button in window.findChildren(QToolButton, "qt_toolbar_ext_button"):
        button.setAccessibleName(_("More tools"))


def install_accessibility(doorway: Doorway) -> Accessibility:
    """Hook accessibility onto a built window, through its door (once per window)."""
    global _RING

    door = door_of(doorway)
    window, host = door.widgets, door.host
    model = install_table_accessibility(window)
    line = window.status.live_line or window.status.add_live_line(keys_hint())
    live = LiveStatus(window.view, line, host.statusBar())
    if _RING is None:
        _RING = FocusRing(skip=(TableView,))
    a11y = Accessibility(window, model, live, {}, _RING, window.scene.marks.focus_halo)

    def action(name: str, label: str, keys: Sequence[str], slot: Callable[[], object]) -> None:
        act = QAction(label, host)
        act.setObjectName(name)
        act.setShortcuts([QKeySequence(k) for k in keys])
        act.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        act.triggered.connect(lambda _c=False: slot())
        door.add_action(act, Menu.VIEW)
        a11y.actions[name] = act

    action("describeTable", _("&Describe the table"), ["D"], a11y.describe_table)
    action("readFocus", _("Read the focused &card"), ["W"], a11y.read_focus)
    action("runPicker", _("Run &picker on the focused column"), ["P"], a11y.open_picker)
    action("nextPane", _("Next &area"), ["F6"], a11y.cycle_focus)
    action("previousPane", _("Previous area"), ["Shift+F6"], lambda: a11y.cycle_focus(True))

    door.subscribe(a11y.on_event)
    # every message of the message bar is said (hints, verdicts, refusals, notes)
    door.hear_messages(a11y.on_message)
    live.focus_target = model.focus_target
    live.carry = model.carry
    live.focus_pending = model.focus_pending
    live.send_focus = model.send_focus
    controller = window.controller
    # (the table keeps its own name, "Card table": the focused card says where it is)
    controller.on_focus_text = lambda _words: a11y.focus_moved()
    controller.selection_changed.connect(a11y.selection_changed)
    keys = _ResultsKeys(window, live.release, host)
    window.results.installEventFilter(keys)
    for widget in window.results.findChildren(QWidget):
        widget.installEventFilter(keys)
    window.results.setAccessibleName(_("You won"))
    letters = _GameKeysInTextBox(host)
    window.status.deal_box.installEventFilter(letters)
    _name_the_frames(host, window.hint_bar)
    kind = _InputKind(a11y, host)
    window.view.installEventFilter(kind)
    window.view.viewport().installEventFilter(kind)
    a11y.filters = (keys, kind, letters)  # (kept alive with it)
    door.register(a11y)
    window.view.setAccessibleName(_("Card table"))
    if door.message_kind is not MessageKind.IDLE:  # a start-up notice: said now
        a11y.on_message(door.message_text, door.message_kind)
    else:
        live.label.setText(keys_hint())
    return a11y
