"""Start the desktop game: settings, plugins, storage and the main window.

Everything outside the window itself (where settings live, which plugins are on,
the solver worker process) is assembled here, so ``MainWindow`` can be built bare
in tests.  What the first frame does not show is added after the table's first
paint (see :func:`run`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtWidgets import QApplication

from freecell.engine import Game, Variant
from freecell.scoring import NO_SCORING, STANDARD_SCORING, ScoreKeeper
from freecell.storage import Settings, SettingsStore
from freecell.ui.shell.main_window import Catalog, MainWindow, ViewSettings

if TYPE_CHECKING:
    from freecell.plugins import PluginManager

log = logging.getLogger(__name__)

# The scoring schemes the built-in scoring plugin offers.
BUILTIN_SCORING = (NO_SCORING, STANDARD_SCORING)

# The deferred part of start-up runs right after the table's first paint; if no
# paint comes (a window started minimised or hidden), this long after show().
FINISH_START_UP_LATEST_MS = 1000


# The entry points of this distribution's own plugins (pyproject.toml,
# [project.entry-points.freecell]); on by default, and everything else off.
BUILTIN_PLUGINS = frozenset({"variants", "scoring", "themes", "solvers"})


class _Plugins:
    """The plugin manager, made when first needed.

    Making it costs ~60 ms (importlib.metadata, pluggy, every enabled plugin
    imported and asked).  When the settings need nothing beyond the built-in
    plugins (:func:`_builtins_suffice`), the first frame is built from the very
    values those plugins offer -- the same objects -- and the manager is made right
    after the first paint; otherwise at once, before anything is shown.
    """

    def __init__(self) -> None:
        self.made = False
        self._manager: PluginManager | None = None

    def manager(self) -> PluginManager | None:
        if not self.made:
            self.made = True
            try:
                from freecell.plugins import create_manager

                self._manager = create_manager()
            except Exception:
                log.exception("plugins could not be loaded; using the built-ins")
        return self._manager

    def catalog(self) -> Catalog:
        """Variants, themes and surfaces from the manager (the built-ins without it)."""
        if self._manager is None:
            return Catalog()
        from freecell.ui.features.plugin_sync import catalog_of

        return catalog_of(self._manager)


def _builtins_suffice(stored: Settings) -> bool:
    """Whether the plugins would give this first frame nothing the built-in values do
    not: no plugin of ours switched off and no other switched on (they are off until
    the player turns them on), and the variant, theme, surface and scoring chosen are
    the built-in ones.  (A plugin may not offer an id another already offers.)"""
    from freecell.engine import BUILTIN_VARIANTS
    from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES

    return (
        all(on and name in BUILTIN_PLUGINS for name, on in stored.enabled_plugins.items())
        and any(v.id == stored.variant for v in BUILTIN_VARIANTS)
        and any(t.id == stored.theme for t in BUILTIN_THEMES)
        and any(s.id == stored.surface for s in BUILTIN_SURFACES)
        and any(s.id == stored.scoring for s in BUILTIN_SCORING)
    )


def _view_settings(stored: object) -> ViewSettings:
    values = {
        f.name: getattr(stored, f.name)
        for f in dataclasses.fields(ViewSettings)
        if hasattr(stored, f.name)
    }
    return ViewSettings(**values)


def settings_saver(store: SettingsStore) -> Callable[[ViewSettings], None]:
    """Save the window's view settings into the settings file, keeping every other
    field (plugins, scoring, what a newer version wrote) as it is on disk."""

    def save(view: ViewSettings) -> None:
        current = store.load()
        store.save(dataclasses.replace(current, **dataclasses.asdict(view)))

    return save


def view_settings(store: SettingsStore) -> ViewSettings:
    """The window's settings as the settings file has them."""
    return _view_settings(store.load())


def close_on_signals(window: MainWindow) -> QSocketNotifier:
    """SIGTERM (a session ending, ``kill``), SIGINT (Ctrl+C in the terminal) and
    SIGHUP close the window as the player would: the game in progress and the
    window's place are saved, and the solver's worker process stops.  (They used to
    end the process on the spot, leaving the worker's semaphores to the resource
    tracker.)  Python runs a handler only between its own bytecodes, and Qt's loop
    runs none while idle, so the signal also writes a byte to a socket Qt watches:
    reading it is Python code, and the handler runs then."""
    import signal
    import socket

    wake, wake_write = socket.socketpair()
    wake.setblocking(False)
    wake_write.setblocking(False)
    signal.set_wakeup_fd(wake_write.fileno())
    notifier = QSocketNotifier(wake.fileno(), QSocketNotifier.Type.Read, window)

    def drain() -> None:
        with contextlib.suppress(OSError):  # (nothing to read is no matter)
            wake.recv(64)

    notifier.activated.connect(drain)
    window.wake_sockets = (wake, wake_write)  # type: ignore[attr-defined]  # (kept open)
    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, lambda *_: QTimer.singleShot(0, window.close))
    return notifier


def run(
    deal_number: int | None = None,
    variant_id: str | None = None,
    argv: list[str] | None = None,
) -> int:
    """Start the game and run it until the window closes; the exit code.

    Only what the first frame shows is built before the window appears: settings,
    the variant, theme, surface and scoring (from the built-in values when they are
    all the settings need, see :class:`_Plugins`), the game, the window and its
    live status line.  What no one sees before using it -- the plugin manager, the
    window icon, the Preferences, Statistics and Plugins menu entries, the solver
    insight (winnability, rating and par fill in a moment later, as they do after
    every new deal) -- is hung on right after the table's first paint, so a player
    waits only for the table.
    """
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    assert isinstance(app, QApplication)
    from freecell.ui.shell.gui_thread_gc import collect_on_gui_thread

    collect_on_gui_thread(app)  # a collection in a pool thread can free widgets there
    app.setApplicationName("FreeCell")
    app.setApplicationDisplayName("FreeCell")
    app.setOrganizationName("freecell")
    from freecell.ui.shell.desktop import set_desktop_id, set_icon

    set_desktop_id(app)

    from freecell.storage import Storage, decode_bytes, encode_bytes

    plugins = _Plugins()
    builtins_only: list[bool] = [False]  # decided once the settings are read

    def resolve(variant_id: str) -> Variant:
        from freecell.engine import builtin_variant

        if builtins_only[0] and not plugins.made:
            try:
                return builtin_variant(variant_id)
            except KeyError:
                pass  # a Custom variant, or a plugin's: the manager knows
        manager = plugins.manager()
        if manager is not None:
            return manager.variant(variant_id)
        return builtin_variant(variant_id)

    storage = Storage(resolve=resolve)
    stored = storage.settings.load()
    from freecell.ui.shell.translations import install_translations

    install_translations(app, stored.language)
    settings = _view_settings(stored)
    notices = storage.take_notices()
    builtins_only[0] = _builtins_suffice(stored)
    if not builtins_only[0]:
        plugins.manager()

    variant: Variant | None = None
    if variant_id is not None:
        try:
            variant = resolve(variant_id)
        except (KeyError, ValueError) as error:
            message = error.args[0] if error.args else str(error)
            print(f"freecell: {message}", file=sys.stderr)
            return 2

    game: Game | None = None
    if deal_number is None and variant is None and storage.saved_game.summary() is not None:
        game = storage.saved_game.load()
    notices += storage.take_notices()  # a damaged game in progress, moved aside
    if game is not None:
        where = f"deal #{game.deal_number}" if game.deal_number is not None else "your board"
        notices.append(f"Welcome back: {where} is as you left it.")

    keeper = None
    try:
        if not plugins.made:  # the very scheme the built-in scoring plugin offers
            keeper = ScoreKeeper(next(s for s in BUILTIN_SCORING if s.id == stored.scoring))
        elif (manager := plugins.manager()) is not None:
            keeper = ScoreKeeper(manager.choose_scoring_scheme(stored.scoring).value)
    except Exception:
        log.exception("scoring could not be set up")

    def current_score() -> int | None:
        """The score, or None when the scheme keeps none (the status bar hides it)."""
        return keeper.score if keeper is not None and keeper.keeps_score else None

    save = settings_saver(storage.settings)
    from freecell.ui.features.hints import default_service

    service = default_service()
    window = MainWindow(
        deal_number=deal_number,
        variant=variant,
        game=game,
        settings=settings,
        save_settings=save,
        catalog=plugins.catalog(),
        hint_service=service,
        score=current_score,
    )
    if keeper is not None:
        keeper.follow_game(window.bus.game)  # a restored game keeps its score
        window.bus.subscribe(keeper.on_event)
        # the window heard the event before the keeper priced it: show the new score
        window.bus.subscribe(lambda _event: window.refresh_status())

    def hang_plugins_on() -> None:
        """The plugins' part of the window: their events, and a theme, surface or
        variant whose plugin is gone replaced by the default, said in words."""
        manager = plugins.manager()
        window.plugin_manager = manager  # type: ignore[attr-defined]
        if manager is not None:
            from freecell.ui.features.plugin_sync import apply_plugins_to_window

            window.bus.subscribe(manager.notify)
            apply_plugins_to_window(window, manager)

    plugins_after_paint = not plugins.made
    if not plugins_after_paint:
        hang_plugins_on()
    storage.follow(window.bus, lambda _game: current_score())

    def on_settings_changed(new: Settings) -> None:
        """What Preferences changes that the window does not handle itself."""
        manager = plugins.manager()
        if keeper is not None and manager is not None and new.scoring != keeper.scheme.id:
            choice = manager.choose_scoring_scheme(new.scoring)
            keeper.scheme = choice.value
            keeper.follow_game(window.bus.game)  # price this deal's moves under the new scheme
            window.refresh_status()
        for listener in settings_listeners:
            listener(new)

    settings_listeners: list[Callable[[Settings], None]] = []
    from freecell.ui.accessibility import install_accessibility

    # before the first paint: a screen reader is served our table from the start,
    # and the live status line is on screen with the rest of the status bar
    install_accessibility(window)
    window.storage = storage  # type: ignore[attr-defined]
    from freecell.ui.table.picture_cache import PictureCache

    # the deck and the table painted last time, read back instead of painted again
    window.renderer.pictures = PictureCache(storage.paths.cache_dir / "pictures")
    geometry = decode_bytes(stored.window_geometry)
    if geometry:
        window.restoreGeometry(geometry)

    finished: list[bool] = []

    def finish_start_up() -> None:
        """The rest of start-up, once the table is on screen (or a moment later if it
        never gets painted, e.g. started minimised); in the order it always had."""
        if finished or not window.isVisible():
            return
        finished.append(True)
        if plugins_after_paint:
            hang_plugins_on()
        set_icon(app)
        from freecell.ui.features.insight import install_insight

        insight = install_insight(window, settings_store=storage.settings)
        if insight is not None:
            settings_listeners.append(insight.on_settings_changed)
        from freecell.ui.dialogs.preferences import install_preferences
        from freecell.ui.dialogs.statistics import install_statistics

        manager = plugins.manager()
        schemes = (
            [(s.id, s.name) for s in manager.scoring_schemes()]
            if manager is not None
            else [("none", "No scoring")]
        )
        install_preferences(window, storage, scoring_schemes=schemes, on_change=on_settings_changed)
        install_statistics(window, storage)
        if manager is not None:
            from freecell.ui.dialogs.plugins import install_plugins

            install_plugins(window, manager)
        log.info("start-up finished %.0f ms after the process started", process_age() * 1000)

    from freecell.launch import note_table_drawn, process_age

    def table_drawn() -> None:
        note_table_drawn()
        QTimer.singleShot(0, finish_start_up)  # after this paint has reached the screen

    window.view.on_first_paint = table_drawn
    QTimer.singleShot(FINISH_START_UP_LATEST_MS, finish_start_up)
    window.show()
    if service is not None:  # start the solver's worker once the table is up
        QTimer.singleShot(1500, service.warm_up)
    if game is not None:
        # The game in progress is offered back, not imposed: one key starts afresh.
        window.hint_bar.show_message(
            " ".join(notices),
            "info",
            [("Keep playing", window.hint_bar.dismiss), ("New deal", window.new_deal)],
        )
    elif notices:
        window.hint_bar.show_message(" ".join(notices), "info", timeout_ms=10000)
    close_on_signals(window)
    code = app.exec()
    try:
        storage.save_game(window.bus.game)
        current = storage.settings.load()
        storage.settings.save(
            dataclasses.replace(
                current,
                window_geometry=encode_bytes(bytes(window.saveGeometry().data())),
            )
        )
    except Exception:
        log.exception("saving on exit failed")
    return code
