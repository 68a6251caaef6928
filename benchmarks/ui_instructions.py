"""Instructions from the process start to the first paint, counted by valgrind's
callgrind (``python benchmarks/ui.py --instructions``; needs ``valgrind`` on PATH).

CPU and wall times on a shared machine scatter by 20-50% from run to run, so the
start-up ratio moves more than a trim saves; the instructions a process executes
repeat within 0.1%, so one run of each kind is enough and a change of 1% shows.
Each kind runs in a fresh process (after a warm-up run that leaves the bytecode and
the game's picture cache) and ends with ``os._exit`` right at its first paint: the
interpreter's shutdown is not start-up.  Rows: the interpreter's start, the bare
PySide6 window (the reference), the bare window making the enums of the Qt classes
the first frame names (the `Qt` namespace's alone, then all), the first frame's Qt
without the game (those classes and its widgets: the floor under the game's code),
``freecell --deal 1``, and the stages of the game's start before its window,
cumulative.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

TARGET = 1.5  # freecell --deal 1 within 1.5x of the bare window (issue 20)
CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
COLLECTED = re.compile(r"Collected : (\d+)")
BARE_ROW = "bare PySide6 window (reference)"
FLOOR_ROW = "the first frame's Qt, no game code (floor)"
# The floor in two steps: the bare window that also makes the `Qt` namespace's 93
# enums, then every class's enums the first frame names; the floor adds its widgets.
QT_ENUMS_ROW = "  the bare window and the Qt namespace's enums"
CLASSES_ROW = "  the bare window and the first frame's classes"
GAME_ROW = "freecell --deal 1"

# The Qt classes the game's first frame names, by module: importing a class makes
# its Python enums.
FIRST_FRAME_CLASSES = {
    "QtCore": ("QByteArray", "QSize", "QSocketNotifier", "Qt"),
    "QtGui": (
        "QAccessible", "QAction", "QActionGroup", "QColor", "QFont", "QImage", "QKeySequence",
        "QPainter", "QPainterPath", "QPalette", "QPixmap",
    ),
    "QtWidgets": (
        "QApplication", "QFormLayout", "QFrame", "QGraphicsPixmapItem", "QGraphicsScene",
        "QGraphicsView", "QHBoxLayout", "QLabel", "QLineEdit", "QMainWindow", "QPushButton",
        "QSizePolicy", "QStackedLayout", "QVBoxLayout", "QWidget",
    ),
}  # fmt: skip
FIRST_FRAME_IMPORTS = "".join(
    f"from PySide6.{module} import {', '.join(names)}\n"
    for module, names in FIRST_FRAME_CLASSES.items()
)

# The game's first frame without the game: the same widgets (a main window at the
# game's first size, the menu bar's titles, the tool bar, the message bar, the
# status bar with its labels, a graphics view of 52 card pictures over the table
# with its empty slots, the bars' style sheets) and the other Qt classes the game's
# first frame names (PySide makes a class's Python enums when it is first used),
# exiting at the view's first paint.  Nothing of freecell is imported.
FLOOR = (
    "import os\n"
    + FIRST_FRAME_IMPORTS
    + r"""

class Window(QMainWindow):
    def changeEvent(self, event):  # (the game follows the desktop's scheme here)
        super().changeEvent(event)


class View(QGraphicsView):
    def paintEvent(self, event):
        super().paintEvent(event)
        os._exit(0)  # the first paint


app = QApplication([])
app.styleHints().colorScheme()
w = Window()
w.setWindowTitle("Deal 1 - FreeCell")
room = w.screen().availableGeometry().size()
w.resize((room * 0.85).expandedTo(QSize(1100, 820)).boundedTo(room * 0.95))
w.setStyleSheet(
    "QToolBar { background: #e4e8ee; border: none; spacing: 6px; padding: 4px 8px; }"
    "QToolBar QToolButton { color: #1c232b; background: #f7f9fb; border: 1px solid #aab4c0;"
    " border-radius: 6px; padding: 5px 14px; font-size: 11pt; font-weight: 600; }"
    "QStatusBar { background: #e4e8ee; } QStatusBar QLabel { font-size: 10pt; padding: 0 4px; }"
    "QStatusBar QLineEdit { border: 1px solid #aab4c0; border-radius: 4px; padding: 2px 6px; }"
)
for title in ("&Game", "&Edit", "&View", "&Help"):
    w.menuBar().addMenu(title)
tools = w.addToolBar("Game")
tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
for text, key in (("Undo (U)", "U"), ("Hint (H)", "H"), ("New deal (N)", "N"), ("Redo", "Ctrl+Y")):
    action = QAction(w)  # (QAction(text, w) tries the QIcon overload first: QIcon's enums)
    action.setText(text)
    action.setShortcut(QKeySequence(key))
    tools.addAction(action)
spacer = QWidget()
spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
tools.addWidget(spacer)
rules = QAction(w)
rules.setText("Rules")
tools.addAction(rules)

central = QWidget()
column = QVBoxLayout(central)
column.setContentsMargins(0, 0, 0, 0)
column.setSpacing(0)
message = QFrame(objectName="bar")
message.setStyleSheet(
    "#bar { background: #e4e8ee; border-bottom: 1px solid rgba(0,0,0,60); }"
    "#bar QLabel { color: #3b4652; font-size: 11pt; }"
    "#bar QPushButton { color: #3b4652; border: 1px solid rgba(255,255,255,70);"
    " border-radius: 4px; padding: 3px 10px; }"
)
row = QHBoxLayout(message)
label = QLabel("Drag a card or a run, or tap a card and then where it goes. F1: how to play.")
label.setWordWrap(True)
row.addWidget(label, 1)
close = QPushButton("\u2715")
close.setFixedWidth(30)
close.hide()
row.addWidget(close)
column.addWidget(message)

scene = QGraphicsScene()
table = QPixmap(1100, 820)
table.fill(QColor("#2e6b3a"))
painter = QPainter(table)
painter.setPen(QColor("#9fc3a8"))
for i in range(8):  # the free cells and the foundations, empty
    painter.drawRoundedRect(25 + 90 * i, 20, 80, 112, 6, 6)
painter.end()
scene.addItem(QGraphicsPixmapItem(table))
card = QPixmap(83, 115)
card.fill(QColor("#fdfdf8"))
for i in range(52):
    item = QGraphicsPixmapItem(card)
    item.setPos(25 + 90 * (i % 8), 166 + 29 * (i // 8))
    scene.addItem(item)
view = View(scene)
view.setFrameShape(QFrame.Shape.NoFrame)
view.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
column.addWidget(view, 1)
w.setCentralWidget(central)

status = QWidget()
rows = QVBoxLayout(status)
counters = QHBoxLayout()
for text in ("Can move 5 cards", "Moves: 0", "Time: 0:00", "Home: 0/52", "Deal #1 - FreeCell"):
    counters.addWidget(QLabel(text))
counters.addStretch(1)
deal = QLineEdit()
deal.setPlaceholderText("Deal #")
deal.setMaximumWidth(120)
counters.addWidget(deal)
rows.addLayout(counters)
rows.addWidget(QLabel("D describes the table; F1 lists the keys."))
w.statusBar().addWidget(status, 1)
w.show()
w.layout()  # (the status bar looks at the window's layout when shown)
app.exec()
"""
)

# The real start path, ``python -m freecell --deal 1``, ending at the table's first
# paint as the game notes it.  Under callgrind the process runs some 50x slower and
# the first paint comes about 1 s after ``show()``, when the start-up's own timers
# (the deferred start-up at the latest 1 s after it, the solver's warm-up at 1.5 s)
# would run first and be counted: once ``freecell.ui.shell.startup`` is loaded, its
# single-shot timers wait 100x as long.  A run whose deferred start-up still came
# first (its memory release imported) fails rather than give a wrong count.
GAME = r"""
import os, runpy, sys
import freecell.launch

noted = freecell.launch.note_table_drawn


def note_and_exit():
    noted()
    os._exit(3 if "freecell.launch.memory" in sys.modules else 0)


class StretchTimers:
    def find_spec(self, name, path=None, target=None):
        if name != "freecell.ui.shell.startup":
            return None
        sys.meta_path.remove(self)
        import importlib.util

        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module

        def exec_module(module):
            run(module)
            timer = module.QTimer

            class Stretched:
                @staticmethod
                def singleShot(ms, *rest):
                    timer.singleShot(ms * 100, *rest)

            module.QTimer = Stretched

        spec.loader.exec_module = exec_module
        return spec


freecell.launch.note_table_drawn = note_and_exit
sys.meta_path.insert(0, StretchTimers())
sys.argv = ["freecell", "--deal", "1"]
runpy.run_module("freecell", run_name="__main__", alter_sys=True)
"""

# The game's start before its window, in the order of ``freecell.__main__.main``;
# each row runs the steps up to its own.
STEPS = (
    (
        "argparse",
        "from freecell.__main__ import build_parser\nbuild_parser().parse_args(['--deal', '1'])",
    ),
    ("launch.prepare", "from freecell.launch import prepare\nprepare()"),
    ("the engine import", "from freecell.engine import parse_deal_number\nparse_deal_number('1')"),
    ("import freecell.core.start", "import freecell.core.start"),
    (
        "open_session",
        "from freecell.core.start import open_session\nopen_session(1, None, resume=True)",
    ),
    ("importing PySide6.QtWidgets", "import PySide6.QtWidgets"),
)
EXIT = "\nimport os\nos._exit(0)\n"


def kinds(bare: str) -> list[tuple[str, str]]:
    """(name, script) of each row; the bare window's snippet prints its timing
    (``_said()``) at the paint, which nothing times here."""
    bare = "_said = str\n" + bare
    rows = [
        ("python -c pass (the interpreter's start)", EXIT),
        (BARE_ROW, bare),
        (QT_ENUMS_ROW, "from PySide6.QtCore import Qt\n" + bare),
        (CLASSES_ROW, FIRST_FRAME_IMPORTS + bare),
        (FLOOR_ROW, FLOOR),
        (GAME_ROW, GAME),
    ]
    for done, (name, _) in enumerate(STEPS, 1):
        script = "\n".join(code for _, code in STEPS[:done])
        rows.append((f"  its start up to {name}", script + EXIT))
    return rows


def instructions(script: str, env: dict[str, str], cwd: str) -> int:
    """The instructions a fresh ``python -c script`` executes, as callgrind totals them."""
    done = subprocess.run(
        [*CALLGRIND, sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=600,
    )
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        late = " (the deferred start-up came first)" if done.returncode == 3 else ""
        raise RuntimeError(f"no count, exit {done.returncode}{late}: {done.stderr[-2000:]}")
    return int(found.group(1))


def main(bare: str, child_env: dict[str, str], warm_up: Callable[[], object]) -> int:
    """Print the table; ``bare`` is the bare window's snippet, ``warm_up`` one start
    of the game that leaves its picture cache."""
    if shutil.which("valgrind") is None:
        print("no valgrind on PATH: no instruction counts")
        return 0
    # no smoke quit: each run ends at its own first paint
    env = {k: v for k, v in child_env.items() if k != "FREECELL_SMOKE_QUIT_MS"}
    rows = kinds(bare)
    warm_up()
    # an empty folder as the current one: the imports look in it first
    with tempfile.TemporaryDirectory() as cwd:
        for _, script in rows:  # the bytecode of whatever each imports
            subprocess.run(
                [sys.executable, "-c", script],
                capture_output=True,
                env=env,
                cwd=cwd,
                check=True,
                timeout=120,
            )
        # the counts do not depend on the load: use the cores
        with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
            counts = list(pool.map(lambda row: instructions(row[1], env, cwd), rows))
    print_table([(name, n) for (name, _), n in zip(rows, counts, strict=True)])
    return 0


def print_table(counts: list[tuple[str, int]]) -> None:
    by_name = dict(counts)
    bare, floor, game = by_name[BARE_ROW], by_name[FLOOR_ROW], by_name[GAME_ROW]
    qt_enums, classes = by_name[QT_ENUMS_ROW], by_name[CLASSES_ROW]
    width = max(len(name) for name, _ in counts)
    print("instructions from the process start to the first paint (callgrind, one run each)")
    print(f"{'kind'.ljust(width)}  {'instructions':>12}  {'/ bare':>6}")
    print("-" * (width + 22))
    for name, n in counts:
        print(f"{name.ljust(width)}  {n / 1e6:10.0f} M  {n / bare:5.2f}x")
    gap = game - bare
    print(
        f"target: freecell --deal 1 within {TARGET}x of the bare window "
        f"({TARGET * bare / 1e6:.0f} M); now {game / bare:.2f}x.  Of its {gap / 1e6:.0f} M "
        f"over the bare window, the Qt floor alone accounts for {(floor - bare) / 1e6:.0f} M "
        f"({(floor - bare) / gap:.0%}; the floor is {floor / bare:.2f}x): the enums of the "
        f"classes the first frame names {(classes - bare) / 1e6:.0f} M (the Qt namespace's "
        f"{(qt_enums - bare) / 1e6:.0f} M), its widgets and their paint "
        f"{(floor - classes) / 1e6:.0f} M; the game's own code {(game - floor) / 1e6:.0f} M."
    )
