"""The main window: the table, the bars and the menus, built from a session.

Data flows one way: widgets and keys send commands to the session's command bus;
the bus's events come back to ``_on_event``, which updates the scene (animating),
the status bar, the hint bar and the results panel, and the session's application
events (settings, variant, plugins changed) come back to ``_on_app_event``, which
shows the session's state as a fresh start would.  Nothing here changes the game
or the settings directly.

The window is a shell: every feature (the insight, accessibility, sharing, the
dialogs) works through its door (:mod:`freecell.ui.shell.door`, made first), and
what they add goes where :mod:`freecell.ui.shell.hosted` says.  Start-up installs
them at its named steps (:mod:`freecell.ui.shell.startup`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtGui import QCloseEvent, QResizeEvent
from PySide6.QtWidgets import QMainWindow, QWidget

from freecell.core import Session
from freecell.i18n import _
from freecell.texts.refusals import explain
from freecell.texts.variants import game_name
from freecell.ui.panels.hint_bar import ButtonId, HintBar, MessageColumn, MessageKind
from freecell.ui.panels.status import StatusPanel
from freecell.ui.shell.abandon import AbandonQuestion
from freecell.ui.shell.after_first_paint import AfterFirstPaint
from freecell.ui.shell.auto_finish import AutoFinish
from freecell.ui.shell.away import follow_away
from freecell.ui.shell.colour_scheme import DARK, window_style
from freecell.ui.shell.desktop_look import DesktopLook, chosen_scheme
from freecell.ui.shell.door import Door
from freecell.ui.shell.hosted import HostedFeatures
from freecell.ui.shell.idle_keys import AUTO_FINISH, REDO, UNDO, IdleKeys, say_why_not
from freecell.ui.shell.menus import Menus, build_actions
from freecell.ui.shell.sound_switch import follow_sound
from freecell.ui.shell.storage_notices import follow_storage_notices
from freecell.ui.shell.toolbar import build_toolbar, derive_action_states
from freecell.ui.shell.win_sequence import WinSequence
from freecell.ui.shell.window_look import FIRST_SIZE, CardSizeNote, deal_titles, first_size
from freecell.ui.table.input import InputController
from freecell.ui.table.layout import CardSize
from freecell.ui.table.renderer import CardRenderer
from freecell.ui.table.scene import TableScene
from freecell.ui.table.view import TableView

if TYPE_CHECKING:
    import socket

    from PySide6.QtWidgets import QDialog

    from freecell.core import AppEvent, Catalog
    from freecell.engine import Command, CommandBus, Event, Variant
    from freecell.storage import Settings
    from freecell.themes import CardTheme, TableSurface
    from freecell.ui.features.hints import HintRunner
    from freecell.ui.panels.results import ResultsPanel
    from freecell.ui.sound.effects import SoundEffects

log = logging.getLogger(__name__)

REFUSED = MessageKind.REFUSED

__all__ = ["FIRST_SIZE", "MainWindow", "first_size"]


class MainWindow(QMainWindow, HostedFeatures):
    """The game's window, built from ``session`` (a bare one when None: built-in
    choices, nothing saved, no solver)."""

    def __init__(self, session: Session | None = None) -> None:
        super().__init__()
        self.session = session if session is not None else Session()
        # what every feature is given: the one way into this window (it reads the
        # window's parts when asked, so it is made first: Qt may send events now)
        self.door = Door(self, self)
        self.setWindowTitle(game_name())  # the game's name, as the desktop entry's
        self.setObjectName("mainWindow")
        self.bus: CommandBus = self.session.bus
        self.rules_dialog: QDialog | None = None
        self.wake_sockets: tuple[socket.socket, socket.socket] | None = None

        self._themes_given: dict[str, CardTheme] = {}
        settings = self.settings
        self.renderer = CardRenderer(self.catalog.theme(settings.theme))
        self.scene = TableScene(self.renderer, self.catalog.surface(settings.surface))
        self.scene.setParent(self)  # deleted with the window, and its celebration too
        self.scene.card_size = CardSize(settings.card_size)
        self.scene.large_print = settings.large_print
        self.view = TableView(self.scene)
        self.controller = InputController(
            self.scene,
            self.dispatch,
            lambda: self.bus.game.position,
            self._refused,
            takes_back=lambda: self.bus.game.variant.foundation_return,
        )
        self.view.controller = self.controller
        self.controller.on_focus_text = self.view.announce
        self.view.on_resized = self._view_resized
        self.scene.on_shown_size = self._card_size_shown

        central = QWidget()
        scheme = chosen_scheme(settings.appearance)  # (the bars are styled once, in it)
        self.hint_bar = HintBar(scheme=scheme)
        self.size_note = CardSizeNote(self.hint_bar)
        column = MessageColumn(central, self.hint_bar)
        column.addWidget(self.view, 1)
        self.setCentralWidget(central)
        self._column = column
        self.abandon = AbandonQuestion(self, self.session)
        self.win = WinSequence(
            self,
            self.session,
            self.scene,
            self.view,
            new_deal=self.new_deal,
            replay_deal=self.replay_deal,
        )

        self._hints: HintRunner | None = None
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(500)
        self.status = StatusPanel(self.statusBar(), self.play_deal, self._invalid_deal)
        self.clock_timer.timeout.connect(lambda: self.status.update_time(self.bus.game.elapsed))
        self.clock_timer.start()
        # the desktop's scheme and animation setting, the player's choice first
        self.look = DesktopLook(self.door, self.apply_colour_scheme)
        self.look.apply_motion()
        actions = build_actions(self, self)
        self.new_action, self.replay_action = actions.new, actions.replay
        self.choose_deal_action, self.quit_action = actions.choose_deal, actions.quit
        self.undo_action, self.redo_action = actions.undo, actions.redo
        self.hint_action, self.auto_finish_action = actions.hint, actions.auto_finish
        self.third_action, self.rules_action = actions.third, actions.rules
        self.about_action, self.fullscreen_action = actions.about, actions.fullscreen
        self.large_print_action = actions.large_print
        self.reduce_motion_action = actions.reduce_motion
        self.auto_play_actions = actions.auto_play
        self.auto_finish = AutoFinish(
            self,
            self.bus,
            self.third_action,
            reduce_motion=lambda: self.scene.reduce_motion,
            before_start=self._before_auto_finish,
            new_deal=self.new_deal,
            changed=lambda: derive_action_states(self),
        )
        self.auto_finish.new_deal_keys([k.toString() for k in self.new_action.shortcuts()])
        self.auto_finish_timer = self.auto_finish.timer
        # a key whose action cannot act now says why (see ui/shell/idle_keys.py)
        self.idle_keys = IdleKeys(self.door, self)
        tools = build_toolbar(self, actions, self.show_rules, self.auto_finish.refresh)
        self.toolbar, self.rules_tool = tools.bar, tools.rules
        self._menus = Menus(self, self, actions)
        self.apply_colour_scheme(scheme)
        self.resize(first_size(self.screen().availableGeometry().size()))
        game = self.bus.game
        self.scene.show_position(game.variant, game.position, animate=False)
        self.auto_finish.show_button(game.can_auto_finish)
        self._update_status()
        self._update_title()
        self.bus.subscribe(self._on_event)
        self.session.subscribe(self._on_app_event)
        self.storage_notices = follow_storage_notices(self.door)  # told now, not at next start
        self.view.setFocus()
        self._later = AfterFirstPaint(self, self.view)  # what the first frame does not show
        self._later.add(self._menus.build)
        self.sounds: SoundEffects | None = None  # (made when sound is switched on)
        if settings.sound:
            self._later.add(self._follow_sound)

    def _follow_sound(self) -> None:
        self.sounds = follow_sound(self.door, self.sounds)

    def after_first_paint(self, step: Callable[[], object]) -> None:
        """Run ``step`` right after the table's first paint (see :meth:`ready`)."""
        self._later.add(step)

    def ready(self) -> None:
        """Build now what waits for the first paint: the menus' contents, then each
        step given to :meth:`after_first_paint`, in order.  It runs by itself right
        after the table's first paint; call it where the window must be complete
        before (a test, a window never shown)."""
        self._later.ready()

    @property
    def auto_finishing(self) -> bool:
        return self.auto_finish.running

    @property
    def results(self) -> ResultsPanel:
        """The panel that shows a won game's results (over the table, hidden till then)."""
        return self.win.results

    @property
    def settings(self) -> Settings:
        """The player's settings (the session's: there is one model)."""
        return self.session.settings

    @property
    def catalog(self) -> Catalog:
        return self.session.catalog

    # -- commands -----------------------------------------------------------------------
    def dispatch(self, command: Command) -> list[Event]:
        return self.bus.dispatch(command)

    # (each command is imported where it is sent: the first frame sends none)
    # Each of these replaces the game: a game that would count as lost is asked about
    # first (ui/shell/abandon.py), and replaced only once the player says Abandon.
    def new_deal(self, *, ask: bool = True) -> None:
        """``ask`` False: the player has answered a question already (a bar's)."""
        self.abandon.ask(self._deal_new, asked=not ask)

    def _deal_new(self) -> None:
        from freecell.engine import NewDeal

        if self.door.next_deal is not None and self.door.next_deal():
            return
        self.dispatch(NewDeal())

    def replay_deal(self, *, ask: bool = True) -> None:
        from freecell.engine import ReplayDeal

        self.abandon.ask(lambda: self.dispatch(ReplayDeal()), asked=not ask)

    def play_deal(self, number: int) -> None:
        from freecell.engine import NewDeal

        self.abandon.ask(lambda: self.dispatch(NewDeal(number)))
        self.view.setFocus()

    def play_variant(self, variant: Variant, keep: Callable[[], object] | None = None) -> None:
        """Deal ``variant`` (after asking, if a game would be lost); ``keep`` runs if
        the player keeps playing instead."""
        self.abandon.ask(lambda: self.session.play_variant(variant), keep)
        self._menus.show()  # the check mark stays on the variant played until then

    def undo(self) -> None:
        from freecell.engine import Undo

        self.stop_auto_finish()
        if not say_why_not(self.door, UNDO):  # nothing to undo: said, as a note
            self.dispatch(Undo())

    def redo(self) -> None:
        from freecell.engine import Redo

        if not say_why_not(self.door, REDO):
            self.dispatch(Redo())

    def _cancel_hint(self) -> None:
        """Cancel the search in flight; a runner never made has none (a move need
        not make one)."""
        if self._hints is not None:
            self._hints.cancel()

    def toggle_auto_finish(self) -> None:
        if not say_why_not(self.door, AUTO_FINISH):
            self.auto_finish.toggle()

    def stop_auto_finish(self) -> None:
        self.auto_finish.stop()

    def _before_auto_finish(self) -> None:
        self._cancel_hint()
        self.controller.clear_selection()

    def third_button(self) -> None:
        self.auto_finish.press_button()

    # -- events -------------------------------------------------------------------------
    def _on_event(self, event: Event) -> None:
        from freecell.engine import (
            AutoFinishAvailable,
            ClockChanged,
            DealStarted,
            GameWon,
            MoveApplied,
            MoveRefused,
            NoMovesLeft,
            Redone,
            Undone,
        )

        game = self.bus.game
        if isinstance(event, DealStarted):
            self.stop_auto_finish()
            self._cancel_hint()
            self.win.hide_results()
            self.scene.set_hint(None)
            self.hint_bar.dismiss()
            self.scene.show_position(event.variant, event.position, animate=False, dealt=True)
            self.controller.position_changed()
            self.auto_finish.show_button(game.can_auto_finish)
            self._update_title()
        elif isinstance(event, MoveApplied | Undone | Redone):
            self._cancel_hint()
            self.scene.set_hint(None)
            if self.hint_bar.kind.goes_with_a_move:
                self.hint_bar.dismiss()
            if not game.is_won:
                self.win.hide_results()  # an undo after the win: the deal goes on
            moves = event.moves if isinstance(event, MoveApplied | Redone) else ()
            self.scene.show_position(game.variant, event.position, moves, event.before)
            self.controller.position_changed()
        elif isinstance(event, MoveRefused):
            self.hint_bar.show_message(explain(event.refusal), REFUSED, timeout_ms=6000)
        elif isinstance(event, AutoFinishAvailable):
            if not self.auto_finish.running:
                self.auto_finish.show_button(event.available)
        elif isinstance(event, NoMovesLeft):
            self.say_no_legal_move()
        elif isinstance(event, GameWon):
            self.stop_auto_finish()
            self.hint_bar.show_message(
                _("All 52 cards are home."),
                MessageKind.WON,
                timeout_ms=4000,
                holds=lambda: self.bus.game.is_won,
            )
            self.win.start()
        elif isinstance(event, ClockChanged):
            self.status.update_time(event.seconds)
        self._update_status()
        self.hint_bar.recheck()  # a note whose condition this event ended goes

    def say_no_legal_move(self) -> None:
        """At once, with its three exits; the clock has stopped (the engine stops it)
        and the game counts as lost only when the player leaves it."""
        self.hint_bar.show_message(
            _("No legal move is left."),
            MessageKind.LOST,
            [
                self.door.button(ButtonId.UNDO, _("Undo")),
                self.door.button(ButtonId.REPLAY_DEAL, _("Replay deal")),
                self.door.button(ButtonId.NEW_DEAL, _("New deal")),
            ],
        )

    def _update_title(self) -> None:
        title, spoken = deal_titles(self.bus.game)
        self.setWindowTitle(title)
        self.setAccessibleName(spoken)

    def _refused(self, reason: str) -> None:
        """The controller's drop was refused; the bus already published the reason."""

    def _invalid_deal(self, reason: str) -> None:
        self.hint_bar.show_message(reason, REFUSED, timeout_ms=6000)

    # -- settings: every change goes through the session and comes back as an event ----
    def set_card_size(self, size: CardSize) -> None:
        self.session.change_settings(card_size=size.value)

    def set_large_print(self, on: bool) -> None:
        self.session.change_settings(large_print=on)

    def set_theme(self, theme: CardTheme) -> None:
        if all(t.id != theme.id for t in self.catalog.themes):
            self._themes_given[theme.id] = theme  # e.g. a deck read from a folder
        self.session.change_settings(theme=theme.id)

    def set_surface(self, surface: TableSurface) -> None:
        self.session.change_settings(surface=surface.id)

    def _on_app_event(self, event: AppEvent) -> None:
        from freecell.core import BackendChanged, PluginsChanged, SettingsChanged, VariantChanged

        if isinstance(event, SettingsChanged):
            self._show_settings(event.new, event.changed)
        elif isinstance(event, PluginsChanged):
            self._show_settings(self.settings, frozenset({"theme", "surface"}))
            if event.notices:
                self.hint_bar.show_message(" ".join(event.notices), timeout_ms=12000)
        elif isinstance(event, VariantChanged):
            self._menus.show()
        elif isinstance(event, BackendChanged) and self._hints is not None and self._hints.busy:
            # the search in flight asks the old backend: ask the new one instead
            self._hints.cancel()
            self.scene.set_hint(None)
            self.hint_bar.dismiss()
        self._update_status()  # a new scoring scheme shows (or hides) the score now
        self.hint_bar.recheck()

    def _show_settings(self, new: Settings, changed: frozenset[str]) -> None:
        """Make the table show ``new`` as a fresh start with it would."""
        if "theme" in changed:
            given = self._themes_given.get(new.theme)
            self.renderer.set_theme(given if given is not None else self.catalog.theme(new.theme))
        if "surface" in changed:
            self.scene.configure(surface=self.catalog.surface(new.surface))
        if changed & {"card_size", "large_print"}:
            self.scene.configure(card_size=CardSize(new.card_size), large_print=new.large_print)
            self.view.relayout()  # large print may need scroll bars even in "fit"
        if changed & {"theme", "large_print"}:
            self.scene.refresh_cards()
        if changed & {"card_size", "large_print"}:
            self.controller.show_focus()
        self.look.apply_motion()
        if "appearance" in changed:
            self.look.follow_scheme()
        if "sound" in changed:
            self._follow_sound()
        self._menus.show()

    def apply_colour_scheme(self, scheme: str) -> None:
        """Bars, toolbar, menus, dialogs and the cloth in the desktop's light or dark
        scheme."""
        self.colour_scheme = scheme
        self.look.set_palette(scheme)
        self.setStyleSheet(window_style(scheme))
        self.hint_bar.set_scheme(scheme)
        self.scene.configure(dark=scheme == DARK)

    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
        self.fullscreen_action.setChecked(self.isFullScreen())

    # -- window -------------------------------------------------------------------------
    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        follow_away(self.door, event)  # the clock stops while the player is away
        if event.type() == QEvent.Type.WindowStateChange:
            # however it changed (F11, the window manager, the place restored at start)
            self.fullscreen_action.setChecked(self.isFullScreen())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.win.recentre_results()

    def _view_resized(self) -> None:
        self.win.recentre_results()
        self.controller.show_focus()

    def _card_size_shown(self, asked: CardSize, shown: CardSize) -> None:
        """Say so when the cards asked for do not fit and smaller ones are shown
        (after a change the player made: a start-up shows the table silently), and
        take it back when it is no longer true."""
        self.size_note.follow(asked, shown, say=self.view.painted)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_auto_finish()
        self.win.stop()
        self.renderer.close()  # no deck painted past the window (issue 36, finding 13)
        if self._hints is not None:
            self._hints.close()
        self.door.close_features()
        super().closeEvent(event)

    # -- status -------------------------------------------------------------------------
    def refresh_status(self) -> None:
        """Update the status bar now (e.g. after a score keeper priced a move)."""
        self._update_status()

    def _update_status(self) -> None:
        game = self.bus.game
        self.status.update(game, self.session.score)
        derive_action_states(self)

    @property
    def third_button_text(self) -> str:
        return self.third_action.text()

    def choose_deal(self) -> None:
        from freecell.ui.dialogs.choose_deal import choose_deal

        choose_deal(self)

    def focus_deal_box(self) -> None:
        self.status.deal_box.setFocus()
        self.status.deal_box.selectAll()

    def show_rules(self) -> None:
        from freecell.ui.shell.help_windows import open_rules

        variant = self.bus.game.variant
        words = self.catalog.variant_rules(variant)
        self.rules_dialog = open_rules(self, variant, words, self.rules_dialog)

    def show_about(self) -> None:
        from freecell.ui.shell.help_windows import show_about

        show_about(self)
