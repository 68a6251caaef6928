"""Print the AT-SPI tree a screen reader sees of the FreeCell table.

Run it with the system Python that has pyatspi (Debian/Ubuntu: apt install
xvfb dbus at-spi2-core python3-pyatspi gir1.2-atspi-2.0):

    /usr/bin/python3 benchmarks/atspi_tree.py [--deal 1] [--python /path/to/venv/python]

It starts itself again under ``xvfb-run -a dbus-run-session`` (a private X server
and session bus, so it touches nothing of yours), starts the game there with
``QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1`` (``--python`` is the interpreter that has
PySide6 and freecell installed; default: $FREECELL_PYTHON, else this one), walks
the accessibility tree over D-Bus with pyatspi and prints the card table: its
piles and their cards, with each card's name, description and states.

Not a test: the pytest tests query the same interfaces in-process.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve()
INSIDE = "--inside-session"
GAME = "--run-game"


def run_game(deal_number: int, go_file: str) -> int:
    """The game process: a window built as the app builds it, accessibility on.
    When ``go_file`` appears it plays a move and tries an illegal one, so the
    watcher can hear the live status."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from freecell.core import Session
    from freecell.engine import Move, MoveCards, Pile
    from freecell.storage import Settings
    from freecell.ui.accessibility import install_accessibility
    from freecell.ui.shell.main_window import MainWindow

    app = QApplication([sys.argv[0]])
    app.setApplicationName("freecell")
    window = MainWindow(Session(Settings(reduce_motion=True), deal_number=deal_number))
    install_accessibility(window)
    window.resize(1100, 800)
    window.show()
    window.activateWindow()  # no window manager under Xvfb
    window.view.setFocus()

    def play() -> None:
        if not go_file or not os.path.exists(go_file):
            return
        poll.stop()
        window.dispatch(MoveCards(Move(Pile.column(0), Pile.cell(-1))))
        window.dispatch(MoveCards(Move(Pile.column(1), Pile.column(2))))

    poll = QTimer()
    poll.setInterval(200)
    poll.timeout.connect(play)
    poll.start()
    QTimer.singleShot(60_000, app.quit)  # never outlive a forgotten session
    return app.exec()


def listen(go_file: str, seconds: float) -> list[str]:
    """Ask the game to play (create ``go_file``) and collect what AT-SPI hears."""
    import pyatspi
    from gi.repository import GLib

    heard: list[str] = []

    def on_event(event) -> None:  # type: ignore[no-untyped-def]
        source = event.source.name if event.source is not None else ""
        detail = event.any_data if isinstance(event.any_data, str) else source
        heard.append(f"{event.type}: {detail!r}")

    kinds = ("object:announcement", "object:property-change:accessible-name")
    pyatspi.Registry.registerEventListener(on_event, *kinds)
    Path(go_file).touch()
    GLib.timeout_add(int(seconds * 1000), lambda: pyatspi.Registry.stop() or False)
    pyatspi.Registry.start()
    pyatspi.Registry.deregisterEventListener(on_event, *kinds)
    return heard


def walk(acc, depth: int, max_depth: int, out: list[str]) -> None:  # type: ignore[no-untyped-def]
    import pyatspi

    try:
        role = acc.getRoleName()
        name = acc.name or ""
        description = acc.description or ""
        states = acc.getState().getStates()
        count = acc.childCount
    except Exception as error:  # a node that vanished while we read it
        out.append("  " * depth + f"<gone: {error}>")
        return
    flags = [pyatspi.stateToString(s) for s in states]
    shown = [f for f in flags if f in ("focused", "selected", "focusable", "showing")]
    line = "  " * depth + f"[{role}] {name!r}"
    if description:
        line += f" -- {description!r}"
    if shown:
        line += f" {{{', '.join(shown)}}}"
    out.append(line)
    if depth >= max_depth:
        return
    for i in range(count):
        child = acc.getChildAtIndex(i)
        if child is not None:
            walk(child, depth + 1, max_depth, out)


def find(acc, predicate, depth: int = 0):  # type: ignore[no-untyped-def]
    if predicate(acc):
        return acc
    if depth > 12:
        return None
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is None:
            continue
        found = find(child, predicate, depth + 1)
        if found is not None:
            return found
    return None


def inside_session(python: str, deal_number: int, full: bool) -> int:
    import pyatspi

    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1")
    env.pop("QT_QPA_PLATFORM", None)  # a real X server here: the xcb platform
    go_file = os.path.join(tempfile.mkdtemp(prefix="freecell-atspi-"), "go")
    command = [python, str(HERE), GAME, "--deal", str(deal_number), "--go-file", go_file]
    game = subprocess.Popen(command, env=env)
    try:
        table = None
        app = None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and table is None:
            time.sleep(0.5)
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                candidate = desktop.getChildAtIndex(i)
                if candidate is not None and "freecell" in (candidate.name or "").lower():
                    app = candidate
            if app is not None:
                table = find(app, lambda a: (a.name or "").startswith("Card table"))
        if app is None or table is None:
            print("The game did not show up on the AT-SPI bus.", file=sys.stderr)
            return 1
        out: list[str] = []
        if full:
            walk(app, 0, 30, out)
        else:
            walk(table, 0, 2, out)
        print(f"Application {app.name!r}: the card table as AT-SPI shows it")
        print("\n".join(out))
        piles = table.childCount
        cards = sum(table.getChildAtIndex(i).childCount for i in range(piles))
        print(f"\n{piles} piles, {cards} cards exposed over AT-SPI")
        focused = None
        for i in range(piles):
            focused = focused or find(
                table.getChildAtIndex(i), lambda a: a.getState().contains(pyatspi.STATE_FOCUSED)
            )
        print(f"Focused: {focused.name!r}" if focused is not None else "Focused: nothing")
        print("\nThe game plays column 1 to a free cell, then tries column 2 onto column 3:")
        for line in listen(go_file, 3.0):
            print("  heard", line)
        return 0 if cards == 52 else 1
    finally:
        game.terminate()
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deal", type=int, default=1)
    parser.add_argument("--python", default=os.environ.get("FREECELL_PYTHON", sys.executable))
    parser.add_argument("--full", action="store_true", help="the whole application tree")
    parser.add_argument(INSIDE, action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(GAME, action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--go-file", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_game:
        return run_game(args.deal, args.go_file)
    if args.inside_session:
        return inside_session(args.python, args.deal, args.full)
    missing = [t for t in ("xvfb-run", "dbus-run-session") if shutil.which(t) is None]
    if missing:
        print(f"needs {' and '.join(missing)} (apt: xvfb dbus)", file=sys.stderr)
        return 2
    try:
        import pyatspi  # noqa: F401
    except ImportError:
        print("needs pyatspi in this Python (apt: python3-pyatspi)", file=sys.stderr)
        return 2
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--"]
    command += [sys.executable, str(HERE), INSIDE, "--deal", str(args.deal)]
    command += ["--python", args.python] + (["--full"] if args.full else [])
    return subprocess.call(command)


if __name__ == "__main__":
    sys.exit(main())
