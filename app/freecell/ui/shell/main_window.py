"""The main window: wires the table, the bars and the menus to the command bus.

Data flows one way: widgets and keys send commands to ``CommandBus``; the bus's
events come back to ``_on_event``, which updates the scene (animating), the status
bar, the hint bar and the results panel.  Nothing here changes the game directly.

Other dialogs (Preferences, Statistics, Plugins) hang themselves on the menus with
``add_game_menu_action`` / ``add_view_menu_action`` / ``menus``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QMainWindow,
    QMenu,
    QSizePolicy,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from freecell import __version__
from freecell.engine import (
    BUILTIN_VARIANTS,
    FREECELL,
    AutoFinishAvailable,
    AutoFinishStep,
    ClockChanged,
    Command,
    CommandBus,
    DealStarted,
    Event,
    Game,
    GameWon,
    Move,
    MoveApplied,
    MoveRefused,
    NewDeal,
    NoMovesLeft,
    PauseClock,
    Position,
    Redo,
    Redone,
    Refusal,
    ReplayDeal,
    ResumeClock,
    SetAutoPlay,
    Undo,
    Undone,
    Variant,
    check_move,
    random_deal_number,
)
from freecell.engine.rules import source_cards
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES, CardTheme, TableSurface
from freecell.ui.features.hints import HintAnswer, HintRunner, HintService
from freecell.ui.panels.hint_bar import HintBar
from freecell.ui.panels.results import ResultsPanel
from freecell.ui.panels.status import StatusPanel
from freecell.ui.shell.actions import new_action
from freecell.ui.table.input import InputController
from freecell.ui.table.layout import CardSize
from freecell.ui.table.renderer import CardRenderer
from freecell.ui.table.scene import MOVE_MS, TableScene
from freecell.ui.table.view import TableView

if TYPE_CHECKING:
    # (not at run time: the start-up needs no solver, see freecell.ui.features.hints)
    from freecell.solver.api import Verdict as SolverVerdict

log = logging.getLogger(__name__)

LICENCE = "GPL-3.0-or-later"

WINDOW_STYLE = """
QToolBar#gameToolbar { background: #20262e; border: none; spacing: 6px; padding: 4px 8px; }
QToolBar#gameToolbar QToolButton {
    color: #f2f2f2; background: #34404e; border: 1px solid #4a5868; border-radius: 6px;
    padding: 5px 14px; font-size: 11pt; font-weight: 600;
}
QToolBar#gameToolbar QToolButton:hover { background: #43536a; }
QToolBar#gameToolbar QToolButton:pressed { background: #2a3440; }
QToolBar#gameToolbar QToolButton:disabled { color: #7d8794; }
QToolBar#gameToolbar QToolButton:focus { border: 2px solid #ffcc33; }
QStatusBar { background: #20262e; color: #e6e9ee; }
QStatusBar::item { border: none; }
QStatusBar QLabel { color: #e6e9ee; font-size: 10pt; padding: 0px 4px; }
QStatusBar QLineEdit {
    background: #f6f6f2; color: #111; border-radius: 4px; padding: 2px 6px;
}
"""


@dataclasses.dataclass
class Catalog:
    """What the player can choose from (the plugin manager fills it when present)."""

    variants: Sequence[Variant] = BUILTIN_VARIANTS
    themes: Sequence[CardTheme] = BUILTIN_THEMES
    surfaces: Sequence[TableSurface] = BUILTIN_SURFACES

    def theme(self, theme_id: str) -> CardTheme:
        return next((t for t in self.themes if t.id == theme_id), self.themes[0])

    def surface(self, surface_id: str) -> TableSurface:
        return next((s for s in self.surfaces if s.id == surface_id), self.surfaces[0])

    def variant(self, variant_id: str) -> Variant:
        return next((v for v in self.variants if v.id == variant_id), FREECELL)


@dataclasses.dataclass
class ViewSettings:
    """The settings the window reads and writes (a subset of storage's Settings)."""

    variant: str = "freecell"
    theme: str = "classic"
    surface: str = "green-felt"
    card_size: str = "fit"
    large_print: bool = False
    safe_autoplay: bool = False
    reduce_motion: bool = False


def describe_move(game: Game, move: Move) -> str:
    """A hint in words: "move the 7♥ from column 3 onto the 8♠ in column 5"."""
    pos = game.position
    checked = check_move(pos, game.variant, move)
    resolved = checked if not isinstance(checked, Refusal) else move
    cards = source_cards(pos, resolved.source)
    count = resolved.count or 1
    if not cards:
        return f"move from {resolved.source.label} to {resolved.dest.label}"
    first = cards[-count] if count <= len(cards) else cards[-1]
    what = first.name.lower() if count == 1 else f"{count} cards from the {first.name.lower()} down"
    dest = resolved.dest
    if dest.is_foundation:
        where = "home"
    elif dest.is_cell:
        where = "to a free cell"
    else:
        column = pos.columns[dest.index]
        where = (
            f"onto the {column[-1].name.lower()} in {dest.label}"
            if column
            else f"to the empty {dest.label}"
        )
    return f"move the {what} from {resolved.source.label} {where}"


FIRST_SIZE = QSize(1100, 820)
FIRST_SHARE = 0.85


def first_size(available: QSize) -> QSize:
    """The window's size on a first start (later ones restore the last): 85 % of
    the screen's free area (1632 x 918 on a 1920 x 1080 screen, where the cards
    fill the window) and at least 1100 x 820 -- but on a 1366 x 768 laptop the whole
    window, status bar included, must be on screen, so that nothing the player
    needs is under the edge."""
    return (available * FIRST_SHARE).expandedTo(FIRST_SIZE).boundedTo(available * 0.95)


class MainWindow(QMainWindow):
    def __init__(
        self,
        *,
        deal_number: int | None = None,
        variant: Variant | None = None,
        game: Game | None = None,
        settings: ViewSettings | None = None,
        save_settings: Callable[[ViewSettings], None] | None = None,
        catalog: Catalog | None = None,
        hint_service: HintService | None = None,
        score: Callable[[], int | None] | None = None,
    ) -> None:
        super().__init__()
        self.setWindowTitle("FreeCell")
        self.setObjectName("mainWindow")
        self.catalog = catalog or Catalog()
        self.settings = settings or ViewSettings()
        self._save_settings = save_settings
        self._score = score
        self.new_deal_hook: Callable[[], bool] | None = None
        # What is already known of a position (the insight sets it from the outside):
        # a hint it answers is shown at once, with no search.
        self.known_verdict: Callable[[Position], SolverVerdict | None] | None = None
        variant = variant or self.catalog.variant(self.settings.variant)
        if game is None:
            number = deal_number if deal_number is not None else random_deal_number()
            game = Game(variant, number, auto_play=self.settings.safe_autoplay)
        self.bus = CommandBus(game)
        self.bus.subscribe(self._on_event)

        self.renderer = CardRenderer(self.catalog.theme(self.settings.theme))
        self.scene = TableScene(self.renderer, self.catalog.surface(self.settings.surface))
        self.scene.card_size = CardSize(self.settings.card_size)
        self.scene.large_print = self.settings.large_print
        self.scene.reduce_motion = self.settings.reduce_motion
        self.view = TableView(self.scene)
        self.controller = InputController(
            self.scene, self.dispatch, lambda: self.bus.game.position, self._refused
        )
        self.view.controller = self.controller
        self.controller.on_focus_text = self.view.announce
        self.view.on_resized = self._view_resized
        self.scene.on_shown_size = self._card_size_shown

        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        self.hint_bar = HintBar()
        column.addWidget(self.hint_bar)
        column.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self.results = ResultsPanel(self.view, self.new_deal, self.replay_deal)

        self.hints = HintRunner(hint_service)
        self.hints.answered.connect(self._on_hint)
        self.auto_finish_timer = QTimer(self)
        self.auto_finish_timer.setInterval(MOVE_MS + 40)
        self.auto_finish_timer.timeout.connect(self._auto_finish_tick)
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(500)
        self.status = StatusPanel(self.statusBar(), self.play_deal, self._invalid_deal)
        self.clock_timer.timeout.connect(lambda: self.status.update_time(self.bus.game.elapsed))
        self.clock_timer.start()
        self.menus: dict[str, QMenu] = {}
        self._build_actions()
        self._build_toolbar()
        self._build_menus()
        self._style()
        self.resize(first_size(self.screen().availableGeometry().size()))
        self.scene.show_position(game.variant, game.position, animate=False)
        self._set_third_button(game.can_auto_finish)
        self._update_status()
        self._update_title()
        self.view.setFocus()

    # -- commands -----------------------------------------------------------------------
    def dispatch(self, command: Command) -> list[Event]:
        return self.bus.dispatch(command)

    def new_deal(self) -> None:
        # A hook (e.g. "winnable deals only") may choose the deal itself; True: done.
        if self.new_deal_hook is not None and self.new_deal_hook():
            return
        self.dispatch(NewDeal())

    def replay_deal(self) -> None:
        self.dispatch(ReplayDeal())

    def play_deal(self, number: int) -> None:
        self.dispatch(NewDeal(number))
        self.view.setFocus()

    def play_variant(self, variant: Variant) -> None:
        self.settings.variant = variant.id
        self._persist()
        self.dispatch(NewDeal(variant=variant))

    def undo(self) -> None:
        self.stop_auto_finish()
        self.dispatch(Undo())

    def redo(self) -> None:
        self.dispatch(Redo())

    def hint(self) -> None:
        game = self.bus.game
        if game.is_won or self.auto_finish_timer.isActive():
            return
        known = self.known_verdict(game.position) if self.known_verdict is not None else None
        if known is not None:
            # Through the runner's own signal, as a searched answer would come, so that
            # whoever listens for hints (the insight's losing-move trace) hears it too.
            self.hints.cancel()
            self.scene.set_hint(None)
            self.hints.answered.emit(HintAnswer(0, game.position, known))
            return
        if not self.hints.available:
            self.hint_bar.show_message(
                "Hints need the solver, which is not available here.", "refused", timeout_ms=5000
            )
            return
        self.scene.set_hint(None)
        self.hints.request(game.position, game.variant)
        self.hint_bar.show_message(
            "Still checking this position\u2026 keep playing if you like.", "checking"
        )

    def toggle_auto_finish(self) -> None:
        if self.auto_finish_timer.isActive():
            self.stop_auto_finish()
        elif self.bus.game.can_auto_finish:
            self.hints.cancel()
            self.controller.clear_selection()
            self._set_third_button(True, running=True)
            self.auto_finish_timer.setInterval(40 if self.scene.reduce_motion else MOVE_MS + 40)
            self._auto_finish_tick()
            if self.bus.game.can_auto_finish:
                self.auto_finish_timer.start()

    def stop_auto_finish(self) -> None:
        if self.auto_finish_timer.isActive():
            self.auto_finish_timer.stop()
            self._set_third_button(self.bus.game.can_auto_finish)

    def _auto_finish_tick(self) -> None:
        events = self.dispatch(AutoFinishStep())
        if any(isinstance(e, MoveRefused) for e in events) or not self.bus.game.can_auto_finish:
            self.stop_auto_finish()

    def third_button(self) -> None:
        mode = self.third_action.data()
        if mode == "new":
            self.new_deal()
        else:
            self.toggle_auto_finish()

    # -- events -------------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        game = self.bus.game
        if isinstance(event, DealStarted):
            self.stop_auto_finish()
            self.hints.cancel()
            self.results.hide()
            self.scene.set_hint(None)
            self.hint_bar.dismiss()
            self.scene.show_position(event.variant, event.position, animate=False)
            self.controller.position_changed()
            self._set_third_button(game.can_auto_finish)
            self._update_title()
        elif isinstance(event, MoveApplied | Undone | Redone):
            self.hints.cancel()
            self.scene.set_hint(None)
            if self.hint_bar.kind in ("checking", "hint", "lost", "refused"):
                self.hint_bar.dismiss()
            if not game.is_won:
                self.results.hide()  # an undo after the win: the deal goes on
            moves = event.moves if isinstance(event, MoveApplied | Redone) else ()
            self.scene.show_position(game.variant, event.position, moves, event.before)
            self.controller.position_changed()
        elif isinstance(event, MoveRefused):
            self.hint_bar.show_message(event.reason, "refused", timeout_ms=6000)
        elif isinstance(event, AutoFinishAvailable):
            if not self.auto_finish_timer.isActive():
                self._set_third_button(event.available)
        elif isinstance(event, NoMovesLeft):
            self.hint_bar.show_message(
                "No legal move is left.",
                "lost",
                [
                    ("Undo", self.undo),
                    ("Replay deal", self.replay_deal),
                    ("New deal", self.new_deal),
                ],
            )
        elif isinstance(event, GameWon):
            self.stop_auto_finish()
            self.hint_bar.show_message("All 52 cards are home.", "won", timeout_ms=4000)
            QTimer.singleShot(0 if self.scene.reduce_motion else MOVE_MS + 60, self._show_results)
        elif isinstance(event, ClockChanged):
            self.status.update_time(event.seconds)
        self._update_status()

    def _update_title(self) -> None:
        """The title (and so the taskbar) names the deal: "FreeCell — Deal #617 (...)"."""
        game = self.bus.game
        deal = f"Deal #{game.deal_number}" if game.deal_number is not None else "Custom board"
        self.setWindowTitle(f"FreeCell \u2014 {deal} ({game.variant.name})")

    def _show_results(self) -> None:
        game = self.bus.game
        if not game.is_won:
            return
        self.results.show_result(
            game.elapsed,
            game.move_count,
            game.position.cards_home,
            game.deal_number,
            game.variant.name,
        )

    def _refused(self, reason: str) -> None:
        """The controller's drop was refused; the bus already published the reason."""

    def _invalid_deal(self, reason: str) -> None:
        self.hint_bar.show_message(reason, "refused", timeout_ms=6000)

    def _on_hint(self, answer: HintAnswer) -> None:
        # here, not at the top: the start-up needs no solver (see freecell.ui.features.hints)
        from freecell.solver.api import Solved, Unknown, Unsolvable

        game = self.bus.game
        if answer.position != game.position:
            return  # stale (the runner drops these too)
        verdict = answer.verdict
        if answer.error is not None:
            self.hint_bar.show_message(
                f"The solver stopped unexpectedly ({answer.error}); no hint this time.",
                "refused",
                timeout_ms=6000,
            )
            return
        if isinstance(verdict, Solved):
            if not verdict.moves:
                self.hint_bar.dismiss()
                return
            move = verdict.moves[0]
            self.scene.set_hint(_resolved(game, move))
            self.hint_bar.show_message(f"Hint: {describe_move(game, move)}.", "hint")
        elif isinstance(verdict, Unsolvable):
            self.hint_bar.show_message(
                "This position is proven lost: a complete search found no way to win from here.",
                "lost",
                [
                    ("Undo", self.undo),
                    ("Hint", self.hint),
                    ("Replay deal", self.replay_deal),
                    ("New deal", self.new_deal),
                ],
            )
        elif isinstance(verdict, Unknown):
            if verdict.suggested_move is None:
                self.hint_bar.show_message(
                    "No verdict in time, and no move to suggest.", "hint", timeout_ms=6000
                )
                return
            move = verdict.suggested_move
            self.scene.set_hint(_resolved(game, move))
            self.hint_bar.show_message(
                f"Try this: {describe_move(game, move)}. "
                "(The search ran out of time, so this is only a suggestion.)",
                "hint",
            )

    # -- window -------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        kind = event.type()
        if kind == QEvent.Type.ActivationChange:
            self.set_active(self.isActiveWindow())
        elif kind == QEvent.Type.WindowStateChange:
            if self.isMinimized():
                self.set_active(False)
            elif self.isActiveWindow():
                self.set_active(True)

    def set_active(self, active: bool) -> None:
        """Pause the clock while the player is away; resume when they return."""
        clock = self.bus.game.clock
        if active and not clock.running and clock.started and not self.bus.game.is_won:
            self.dispatch(ResumeClock())
        elif not active and clock.running:
            self.dispatch(PauseClock())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.results.recentre()

    def _view_resized(self) -> None:
        self.results.recentre()
        self.controller._show_focus()

    def _card_size_shown(self, asked: CardSize, shown: CardSize) -> None:
        """Say so when the cards asked for do not fit and smaller ones are shown
        (after a change the player made: a start-up shows the table silently)."""
        if shown is not asked and self.view.painted:
            self.hint_bar.show_message(
                f"{asked.label} cards do not fit this window, so they are shown "
                f"{shown.label.lower()}; a larger window shows them {asked.label.lower()}.",
                "info",
                timeout_ms=8000,
            )

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_auto_finish()
        self.hints.close()
        super().closeEvent(event)

    # -- status -------------------------------------------------------------------------
    def refresh_status(self) -> None:
        """Update the status bar now (e.g. after a score keeper priced a move)."""
        self._update_status()

    def _update_status(self) -> None:
        game = self.bus.game
        self.status.update(game, self._score() if self._score else None)
        self.undo_action.setEnabled(game.can_undo)
        self.redo_action.setEnabled(game.can_redo)
        self.auto_finish_action.setEnabled(game.can_auto_finish)

    def _set_third_button(self, auto_finish: bool, running: bool = False) -> None:
        if running:
            self.third_action.setText("Stop (F)")
            self.third_action.setData("stop")
            self.third_action.setToolTip("Stop sending cards home")
        elif auto_finish:
            self.third_action.setText("Auto finish (F)")
            self.third_action.setData("auto")
            self.third_action.setToolTip("Send every remaining card home, one by one")
        else:
            self.third_action.setText("New deal (N)")
            self.third_action.setData("new")
            self.third_action.setToolTip("Deal a new random game")

    @property
    def third_button_text(self) -> str:
        return self.third_action.text()

    # -- actions and menus ----------------------------------------------------------------
    def _action(
        self,
        text: str,
        slot: Callable[[], None],
        shortcuts: Sequence[str | QKeySequence.StandardKey] = (),
        tip: str = "",
    ) -> QAction:
        action = new_action(text, self)
        keys: list[QKeySequence] = []
        for s in shortcuts:
            keys.append(QKeySequence(s))
        if keys:
            action.setShortcuts(keys)
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.new_action = self._action(
            "&New deal", self.new_deal, ["Ctrl+N", "N"], "Deal a new random game"
        )
        self.replay_action = self._action(
            "&Replay deal", self.replay_deal, ["Ctrl+R"], "Start this deal again"
        )
        self.choose_deal_action = self._action(
            "&Choose deal\u2026", self._focus_deal_box, ["Ctrl+G"], "Type a deal number to play"
        )
        self.quit_action = self._action("&Quit", self._quit, [QKeySequence.StandardKey.Quit])
        self.undo_action = self._action(
            "&Undo", self.undo, ["Ctrl+Z", "U"], "Take back the last move (U)"
        )
        self.redo_action = self._action(
            "&Redo", self.redo, ["Ctrl+Shift+Z", "Ctrl+Y"], "Make the undone move again"
        )
        self.hint_action = self._action(
            "&Hint", self.hint, ["H"], "Ask the solver for a good move (H)"
        )
        self.auto_finish_action = self._action(
            "&Auto finish", self.toggle_auto_finish, ["F"], "Send the remaining cards home (F)"
        )
        self.third_action = new_action("New deal (N)", self)
        self.third_action.triggered.connect(lambda _c=False: self.third_button())
        self.rules_action = self._action(
            "&How to play", self.show_rules, ["F1"], "The rules and the keys"
        )
        self.about_action = self._action("&About FreeCell", self.show_about)
        self.fullscreen_action = self._action("&Full screen", self.toggle_fullscreen, ["F11"])
        self.fullscreen_action.setCheckable(True)
        self.large_print_action = self._action("&Large print", self._toggle_large_print, ["Ctrl+L"])
        self.large_print_action.setCheckable(True)
        self.large_print_action.setChecked(self.settings.large_print)
        self.reduce_motion_action = self._action("Reduce &motion", self._toggle_reduce_motion)
        self.reduce_motion_action.setCheckable(True)
        self.reduce_motion_action.setChecked(self.settings.reduce_motion)
        self.safe_autoplay_action = self._action("&Safe auto-play", self._toggle_safe_autoplay)
        self.safe_autoplay_action.setCheckable(True)
        self.safe_autoplay_action.setChecked(self.settings.safe_autoplay)

    def _build_toolbar(self) -> None:
        bar = QToolBar("Game")
        bar.setObjectName("gameToolbar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.undo_tool = new_action("Undo (U)", self)
        self.undo_tool.triggered.connect(lambda _c=False: self.undo())
        self.hint_tool = new_action("Hint (H)", self)
        self.hint_tool.triggered.connect(lambda _c=False: self.hint())
        self.redo_tool = new_action("Redo", self)
        self.redo_tool.triggered.connect(lambda _c=False: self.redo())
        self.rules_tool = new_action("Rules", self)
        self.rules_tool.setToolTip("How to play: the rules, the supermove limit and the keys (F1)")
        self.rules_tool.triggered.connect(lambda _c=False: self.show_rules())
        for action in (self.undo_tool, self.hint_tool, self.third_action, self.redo_tool):
            bar.addAction(action)
        spacer = QWidget()
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        bar.addWidget(spacer)
        bar.addAction(self.rules_tool)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar

    def _build_menus(self) -> None:
        menubar = self.menuBar()
        game = menubar.addMenu("&Game")
        for a in (self.new_action, self.replay_action, self.choose_deal_action):
            game.addAction(a)
        variants = game.addMenu("&Variant")
        group = QActionGroup(self)
        for v in self.catalog.variants:
            a = new_action(v.name, self, checkable=True)
            a.setChecked(v == self.bus.game.variant)
            a.setToolTip(v.description)
            a.triggered.connect(lambda _c=False, v=v: self.play_variant(v))
            group.addAction(a)
            variants.addAction(a)
        self.variant_group = group
        game.addAction(self.safe_autoplay_action)
        self._game_extras = game.addSeparator()
        game.addSeparator()
        game.addAction(self.quit_action)
        edit = menubar.addMenu("&Edit")
        for a in (self.undo_action, self.redo_action):
            edit.addAction(a)
        edit.addSeparator()
        edit.addAction(self.hint_action)
        edit.addAction(self.auto_finish_action)
        view = menubar.addMenu("&View")
        sizes = view.addMenu("Card &size")
        group = QActionGroup(self)
        self.size_actions: dict[CardSize, QAction] = {}
        for size in CardSize:
            a = new_action(size.label, self, checkable=True)
            a.setChecked(size.value == self.settings.card_size)
            a.triggered.connect(lambda _c=False, s=size: self.set_card_size(s))
            group.addAction(a)
            sizes.addAction(a)
            self.size_actions[size] = a
        view.addAction(self.large_print_action)
        themes = view.addMenu("Card &theme")
        group = QActionGroup(self)
        for t in self.catalog.themes:
            a = new_action(t.name, self, checkable=True)
            a.setChecked(t.id == self.renderer.theme.id)
            a.triggered.connect(lambda _c=False, t=t: self.set_theme(t))
            group.addAction(a)
            themes.addAction(a)
        surfaces = view.addMenu("Table s&urface")
        group = QActionGroup(self)
        for s in self.catalog.surfaces:
            a = new_action(s.name, self, checkable=True)
            a.setChecked(s.id == self.scene.surface.id)
            a.triggered.connect(lambda _c=False, s=s: self.set_surface(s))
            group.addAction(a)
            surfaces.addAction(a)
        view.addAction(self.reduce_motion_action)
        self._view_extras = view.addSeparator()
        view.addAction(self.fullscreen_action)
        help_menu = menubar.addMenu("&Help")
        help_menu.addAction(self.rules_action)
        help_menu.addAction(self.about_action)
        self.menus = {"game": game, "edit": edit, "view": view, "help": help_menu}

    def add_game_menu_action(self, action: QAction) -> None:
        """For other dialogs (Statistics, Preferences, Plugins): add to the Game menu."""
        self.menus["game"].insertAction(self._game_extras, action)

    def add_view_menu_action(self, action: QAction) -> None:
        self.menus["view"].insertAction(self._view_extras, action)

    def _style(self) -> None:
        self.setStyleSheet(WINDOW_STYLE)

    # -- view settings ---------------------------------------------------------------------
    def set_card_size(self, size: CardSize) -> None:
        self.settings.card_size = size.value
        self.size_actions[size].setChecked(True)
        self.scene.card_size = size
        self.view.relayout()
        self.controller._show_focus()
        self._persist()

    def set_large_print(self, on: bool) -> None:
        self.settings.large_print = on
        self.large_print_action.setChecked(on)
        self.scene.configure(large_print=on)
        self.view.relayout()  # large print may need scroll bars even in "fit"
        self.scene.refresh_cards()
        self.controller._show_focus()
        self._persist()

    def _toggle_large_print(self) -> None:
        self.set_large_print(self.large_print_action.isChecked())

    def set_theme(self, theme: CardTheme) -> None:
        self.settings.theme = theme.id
        self.renderer.set_theme(theme)
        self.scene.refresh_cards()
        self._persist()

    def set_surface(self, surface: TableSurface) -> None:
        self.settings.surface = surface.id
        self.scene.configure(surface=surface)
        self.view.resetCachedContent()
        self._persist()

    def _toggle_reduce_motion(self) -> None:
        self.settings.reduce_motion = self.reduce_motion_action.isChecked()
        self.scene.reduce_motion = self.settings.reduce_motion
        self._persist()

    def _toggle_safe_autoplay(self) -> None:
        self.settings.safe_autoplay = self.safe_autoplay_action.isChecked()
        self.dispatch(SetAutoPlay(self.settings.safe_autoplay))
        self._persist()

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.fullscreen_action.setChecked(self.isFullScreen())

    def _persist(self) -> None:
        if self._save_settings is not None:
            try:
                self._save_settings(self.settings)
            except Exception:
                log.exception("saving settings failed")

    def _quit(self) -> None:
        self.close()

    def _focus_deal_box(self) -> None:
        self.status.deal_box.setFocus()
        self.status.deal_box.selectAll()

    def show_rules(self) -> None:
        from freecell.ui.panels.rules_page import (
            RulesDialog,  # here: the first paint needs no dialog
        )

        dialog = RulesDialog(self)
        dialog.setModal(False)
        dialog.show()
        self.rules_dialog = dialog

    def show_about(self) -> None:
        # here, not at the top: QMessageBox's enums are ~2 ms the first paint needn't pay
        from PySide6.QtWidgets import QMessageBox

        QMessageBox.about(
            self,
            "About FreeCell",
            f"<h2>FreeCell {__version__}</h2>"
            "<p>FreeCell with exact rules, Microsoft deal numbers and a solver that "
            "can prove a position lost.</p>"
            f"<p>Licence: <b>{LICENCE}</b> (GNU General Public License, version 3 or "
            "any later version). This program comes with ABSOLUTELY NO WARRANTY.</p>",
        )


def _resolved(game: Game, move: Move) -> Move:
    checked = check_move(game.position, game.variant, move)
    return move if isinstance(checked, Refusal) else checked
