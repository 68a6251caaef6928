"""Save PNGs of the table so anyone can look at it without playing.

    xvfb-run -a python benchmarks/screenshots.py shots/            # every card size
    python benchmarks/screenshots.py shots/ --deal 617 --window 1600x1000
    python benchmarks/screenshots.py shots/de --language de --window 1366x768
    xvfb-run -a -s "-screen 0 2560x1440x24" python benchmarks/screenshots.py shots/ --matrix

``--language`` shows the window in that language (``de``: are the longer German
words cut off?  ``ja``: does Japanese render, bold included?  CI installs
fonts-noto-cjk).  The running game with Preferences and Statistics open, as a player
sees them under a window manager: ``benchmarks/look_at_language.sh <lang> <folder>``.

One picture per card size (and large print), per card theme and per table surface,
plus a game in progress with a selection, a hint mark and the run picker, the
results panel, the solution stepper, and the Plugins, Custom variant, crash and
How to play dialogs.  ``--matrix`` instead shows a game in progress at 1024x768,
1366x768, 1920x1080 and 2560x1440 in every built-in theme and two installed KDE
decks (``kdegames-card-data-kf5``), in the light and the dark scheme.  Runs under
``xvfb-run`` (or any display); with no display it falls back to Qt's offscreen
platform.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from freecell.core import Session
from freecell.engine import MoveCards, Pile, legal_moves, parse_moves
from freecell.storage import Settings
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES, CardTheme
from freecell.ui.accessibility import install_accessibility
from freecell.ui.features.hint_answers import hint_message
from freecell.ui.panels.hint_bar import MessageKind
from freecell.ui.shell.colour_scheme import DARK, LIGHT
from freecell.ui.shell.main_window import MainWindow
from freecell.ui.shell.translations import install_translations
from freecell.ui.table.layout import CardSize
from freecell_builtin_themes.card_decks import installed_decks

SCREENS = ((1024, 768), (1366, 768), (1920, 1080), (2560, 1440))
KDE_DECKS = ("kde-oxygen", "kde-gm-paris")  # two of kdegames-card-data-kf5's decks
PLAYED = "5a 5b 5c 5d 5h b2 8b a8 7a b7 58 6b 65"


def settle(app: QApplication, window: MainWindow) -> None:
    """Let layout, animations and the off-thread deck painting finish."""
    for _ in range(5):
        app.processEvents()
    window.view.viewport().repaint()
    deadline = time.monotonic() + 5
    while window.scene.pending_deck is not None and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.01)
    window.scene.finish_animations()
    app.processEvents()


def shoot(app: QApplication, window: MainWindow, folder: Path, name: str) -> Path:
    settle(app, window)
    path = folder / f"{name}.png"
    window.grab().save(str(path))
    print(path)
    return path


def desktop_palette(scheme: str) -> QPalette:
    """The palette a light or dark desktop hands Qt (menus, dialogs)."""
    palette = QPalette(QColor("#eff0f1"))
    if scheme == DARK:
        palette = QPalette(QColor("#31363b"), QColor("#2a2e32"))
        for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
            palette.setColor(role, QColor("#eff0f1"))
        palette.setColor(QPalette.ColorRole.ButtonText, QColor("#eff0f1"))
    return palette


def matrix(app: QApplication, folder: Path) -> None:
    """Every screen size x (built-in themes + two KDE decks) x light/dark."""
    decks = {d.id: d for d in installed_decks()}
    themes: list[CardTheme] = [*BUILTIN_THEMES, *(decks[i] for i in KDE_DECKS if i in decks)]
    missing = [i for i in KDE_DECKS if i not in decks]
    if missing:
        print(f"not installed (apt install kdegames-card-data-kf5): {', '.join(missing)}")
    window = MainWindow(Session(Settings(reduce_motion=True, card_size="fit"), deal_number=1))
    live = install_accessibility(window).live  # the status bar's live line, as in the game
    for move in parse_moves(PLAYED):
        window.dispatch(MoveCards(move))
    live.announce("Moved the three of clubs from column 6 to column 5; two cards can move now.")
    window.show()
    for w, h in SCREENS:
        # the window fills the screen, as maximised (no title bar under xvfb)
        window.resize(w, h)
        settle(app, window)
        for scheme in (LIGHT, DARK):
            app.setPalette(desktop_palette(scheme))  # what such a desktop gives Qt
            window.apply_colour_scheme(scheme)
            for theme in themes:
                window.set_theme(theme)
                shoot(app, window, folder, f"{w}x{h}-{scheme}-{theme.id}")
    window.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--deal", type=int, default=1)
    parser.add_argument("--window", default="1280x900", help="window size, WxH")
    parser.add_argument("--language", default="en", help="de, ja, pseudo... (default en)")
    parser.add_argument("--matrix", action="store_true", help="screens x themes x schemes")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    width, height = (int(v) for v in args.window.lower().split("x"))
    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication(sys.argv[:1])
    install_translations(app, args.language)
    if args.matrix:
        matrix(app, folder)
        return 0
    window = MainWindow(
        Session(Settings(reduce_motion=True, card_size="fit"), deal_number=args.deal)
    )
    window.resize(width, height)
    window.show()
    settle(app, window)

    for size in CardSize:
        window.set_card_size(size)
        shoot(app, window, folder, f"size-{size.value}")
    window.set_large_print(True)
    for size in (CardSize.SMALL, CardSize.MEDIUM, CardSize.FIT):
        window.set_card_size(size)
        shoot(app, window, folder, f"large-print-{size.value}")
    window.set_large_print(False)
    window.set_card_size(CardSize.FIT)
    for theme in BUILTIN_THEMES:
        window.set_theme(theme)
        shoot(app, window, folder, f"theme-{theme.id}")
    window.set_theme(BUILTIN_THEMES[0])
    for surface in BUILTIN_SURFACES:
        window.set_surface(surface)
        shoot(app, window, folder, f"surface-{surface.id}")
    window.set_surface(BUILTIN_SURFACES[0])

    # a game in progress: some moves, a selection, a hint mark, the run picker
    if args.deal == 1:
        for move in parse_moves(PLAYED):
            window.dispatch(MoveCards(move))
    window.controller.select(Pile.column(0), len(window.bus.game.position.columns[0]) - 1)
    shoot(app, window, folder, "play-selection")
    window.controller.clear_selection()
    moves = legal_moves(window.bus.game.position, window.bus.game.variant)
    if moves:
        window.scene.set_hint(moves[0])
        # the game's own words for the hint, in the language shown
        window.hint_bar.show_message(hint_message(window.bus.game, moves[0]), MessageKind.HINT)
        shoot(app, window, folder, "play-hint")
        window.scene.set_hint(None)
    lay = window.scene.layout
    assert lay is not None
    col = max(range(len(lay.columns)), key=lambda i: len(window.bus.game.position.columns[i]))
    depth = len(window.bus.game.position.columns[col]) - 2
    r = lay.card_rect(col, depth)
    window.controller.press(QPointF(r.x + r.w / 2, r.y + 5))
    window.controller._open_picker()
    shoot(app, window, folder, "play-run-picker")
    window.controller.release(QPointF(r.x + r.w / 2, r.y + 5))
    window.controller.clear_selection()
    window.results.show_result(263.0, 97, 52, window.bus.game.deal_number, "FreeCell")
    shoot(app, window, folder, "won-results")
    dialogs(app, window, folder)
    window.close()
    return 0


def dialogs(app: QApplication, window: MainWindow, folder: Path) -> None:
    """The stepper under the table and each dialog on its own (their longest words)."""
    from freecell.engine import EIGHT_OFF, NewDeal, with_take_backs
    from freecell.plugin_host import create_manager
    from freecell.plugin_host.custom import custom_variant
    from freecell.ui.dialogs.custom_variant import CustomVariantDialog
    from freecell.ui.dialogs.plugins import PluginsDialog, install_plugins
    from freecell.ui.panels.rules_page import RulesDialog
    from freecell.ui.panels.solution_stepper import SolutionStepper
    from freecell.ui.shell.crash_dialog import CrashDialog

    window.dispatch(NewDeal(1))
    stepper = SolutionStepper(window.bus, window, on_message=window.hint_bar.show_message)
    window.add_panel(stepper)
    stepper.start(tuple(parse_moves("3a 4b 5c")))
    stepper.next()
    shoot(app, window, folder, "solution-stepper")
    stepper.stop()
    install_plugins(window, create_manager({}))  # (switches saved nowhere)
    manager = window.session.plugin_manager
    assert manager is not None
    log = Path.home() / ".local/state/freecell/log/freecell.log"
    crash = CrashDialog("ValueError: an example", "Traceback ...", log, window)
    crash.count_another()
    shown = {
        "dialog-plugins": PluginsDialog(manager, window),
        "dialog-custom-variant": CustomVariantDialog(
            window, with_take_backs(custom_variant(2, 10, EIGHT_OFF.build)), manager.variants()
        ),
        "dialog-crash": crash,
        "dialog-rules-eight-off": RulesDialog(window, EIGHT_OFF),
    }
    for name, dialog in shown.items():
        dialog.show()
        for _ in range(5):
            app.processEvents()
        path = folder / f"{name}.png"
        dialog.grab().save(str(path))
        print(path)
        dialog.close()


if __name__ == "__main__":
    sys.exit(main())
