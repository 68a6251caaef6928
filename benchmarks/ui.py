"""How fast the table feels: start-up, memory, drag frames, new deal, and the event
loop while the solver works.  Prints a table; asserts nothing.

    python benchmarks/ui.py                 # offscreen
    python benchmarks/ui.py --start-up      # the start-up figures only
    python benchmarks/ui.py --instructions  # start-up in instructions (valgrind)
    xvfb-run -a python benchmarks/ui.py     # on an X server

Targets (issues 4, 5 and 20): start to table drawn <= 0.5 s and within 1.5x of a
bare PySide6 window measured in the same run (offscreen: to the first paint; under
``xvfb-run``: also to the first visible window, polled every 20 ms); idle RSS
<= 100 MB (a bare PySide6 window's, settled the same way, is shown beside it: the
shared libraries and Qt's own memory every PySide6 window has); a frame while
dragging a 13-card run at Extra large on a 2560x1440 view <= 8 ms p99; new deal
<= 50 ms; event-loop latency while the solver runs <= 30 ms p99.

Start-up is timed on the real start path, ``python -m freecell --deal 1`` (what
the ``freecell`` command runs), from the process start to the table's first paint
as the game itself notes it (``freecell.launch.note_table_drawn``); the window
built alone and a bare PySide6 window are timed beside it for reference.  Each is
measured twice: in wall time, and in the CPU time (user + system, every thread) the
process had used by its first paint, which a busy machine disturbs far less; the
target (within 1.5x of the bare window) is on the CPU-time ratio of the medians.  The
machine is noisy: each is run ``FREECELL_BENCH_RUNS`` times (default 5) after a
warm-up round, the kinds in turn, and the best and the median are shown.

The warm-up run also leaves what a player's earlier session leaves behind: the
bytecode, and the painted card faces and table in the game's disk cache
(``freecell.ui.table.picture_cache``), which the timed runs read.  A start with nothing
cached (a first start, a new window size, an upgrade) paints them; it is timed too,
as a diagnostic, so the cache cannot hide what painting costs.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

RUNS = int(os.environ.get("FREECELL_BENCH_RUNS", "5"))  # start-up runs of each kind

# The real start path: ``freecell --deal 1`` as a player runs it (launcher, logging,
# settings, plugins, storage, the window and everything hung on it), quitting by
# itself through the smoke switch.  The game notes the first paint of the table;
# the smoke line reports it, and the memory in use once start-up has settled (the
# deferred work and the solver warm-up have run by then).
REAL = [sys.executable, "-m", "freecell", "--deal", "1"]
SETTLE_MS = 3000
DRAWN = re.compile(r"table drawn ([0-9.]+) s after")
CPU = re.compile(r"([0-9.]+) s CPU by then")
RESIDENT = re.compile(r"([0-9.]+) MB resident")

# Seconds since the process started, read from /proc (as freecell.launch does),
# and the CPU seconds used, without importing anything of ours: the reference below
# must not pay for it.
AGE = r"""
def _age():
    import os
    with open("/proc/self/stat") as f:
        started = int(f.read().rpartition(")")[2].split()[19]) / os.sysconf("SC_CLK_TCK")
    with open("/proc/uptime") as f:
        return float(f.read().split()[0]) - started

def _said():
    import time
    return f"{_age():.4f} {time.process_time():.4f}"
"""

# The window alone: MainWindow built bare (no settings, plugins, storage, insight
# or accessibility), shown, timed to the same first paint of the table as the real
# path.  A diagnostic: what the window itself costs.
WINDOW_ONLY = r"""
import os, sys
from PySide6.QtWidgets import QApplication
from freecell.core import Session
from freecell.ui.shell.main_window import MainWindow
app = QApplication(sys.argv[:1])
window = MainWindow(Session(deal_number=1))
def drawn():
    print(_said(), flush=True)
    os._exit(0)
window.view.first_painted.connect(drawn)
window.show()
app.exec()
"""


# An installed wheel has its bytecode compiled; a checkout run with
# PYTHONDONTWRITEBYTECODE=1 would compile every module on every start.  Give the
# child a bytecode cache outside the checkout (warmed by the first of the runs).
CHILD_ENV = {
    **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPYCACHEPREFIX": "/tmp/freecell-bench-pycache",
    "FREECELL_HOME": os.environ.get("FREECELL_HOME", "/tmp/freecell-bench"),
}

BARE = r"""
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow()
w.resize(1100, 820)
w.show()
app.processEvents()
w.repaint()
print(_said(), flush=True)
import os
os._exit(0)  # at its paint, as the game's runs end: shutdown is not start-up
"""


# A bare PySide6 window's resident memory taken as the game's is (VmRSS, SETTLE_MS
# after its event loop starts): what any PySide6 window holds (Python, the Qt
# libraries mapped, Qt's own heap), the floor under the game's figure.
BARE_SETTLED = rf"""
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow()
w.resize(1100, 820)
w.show()
def settled():
    with open("/proc/self/status") as f:
        kb = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    print(f"{{kb / 1024:.1f}} MB resident", flush=True)
    app.quit()
QTimer.singleShot(0, lambda: QTimer.singleShot({SETTLE_MS}, settled))
app.exec()
"""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def real_start(quit_ms: int, **env: str) -> dict[str, float]:
    """One start on the real path, quitting ``quit_ms`` after its event loop starts
    (``env`` on top of the children's): the smoke line's numbers, ``drawn`` (seconds
    from the process start to the table's first paint) and, when it says, ``resident``
    (MB)."""
    out = subprocess.run(
        REAL,
        capture_output=True,
        text=True,
        check=True,
        env={**CHILD_ENV, **env, "FREECELL_SMOKE_QUIT_MS": str(quit_ms)},
        timeout=120,
    ).stdout
    drawn = DRAWN.search(out)
    if drawn is None:
        raise RuntimeError(f"no start-up timing in {out!r}")
    said = {"drawn": float(drawn.group(1))}
    cpu = CPU.search(out)
    if cpu is not None:
        said["cpu"] = float(cpu.group(1))
    resident = RESIDENT.search(out)
    if resident is not None:
        said["resident"] = float(resident.group(1))
    return said


def start_and_memory() -> tuple[float, float, float]:
    """Seconds from the process start (interpreter included) to the table's first
    paint on the real start path, the CPU seconds used by then, and the RSS once
    start-up has settled."""
    said = real_start(SETTLE_MS)
    if "resident" not in said or "cpu" not in said:
        raise RuntimeError("no memory or CPU reading in the smoke line")
    return said["drawn"], said["cpu"], said["resident"]


def bare_window_memory() -> float:
    """The resident memory (MB) of a bare PySide6 window once settled."""
    out = subprocess.run(
        [sys.executable, "-c", BARE_SETTLED],
        capture_output=True,
        text=True,
        check=True,
        env=CHILD_ENV,
        timeout=120,
    ).stdout
    resident = RESIDENT.search(out)
    if resident is None:
        raise RuntimeError(f"no memory reading in {out!r}")
    return float(resident.group(1))


def start_with_nothing_cached() -> tuple[float, float]:
    """Seconds (wall, CPU) to the table's first paint on the real start path when the disk cache
    of painted pictures is empty: the deck and the table are painted, as on a first
    start.  It runs in a home of its own holding the same settings (so the same
    window size), and quits before it would write the cache."""
    home = Path(CHILD_ENV["FREECELL_HOME"])
    cold = home.with_name(home.name + "-nothing-cached")
    shutil.rmtree(cold, ignore_errors=True)
    if (home / "config").is_dir():
        shutil.copytree(home / "config", cold / "config")
    said = real_start(500, FREECELL_HOME=str(cold))
    return said["drawn"], said.get("cpu", 0.0)


def seconds_of(script: str) -> tuple[float, float]:
    """Run a snippet in a fresh process; it prints its process age and CPU seconds
    (``_said()``) at the end."""
    out = subprocess.run(
        [sys.executable, "-c", AGE + script],
        capture_output=True,
        text=True,
        check=True,
        env=CHILD_ENV,
    )
    age, cpu = out.stdout.split()[-2:]
    return float(age), float(cpu)


# A bare PySide6 window as a program, for the on-screen comparison below.
BARE_PROGRAM = r"""
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow()
w.setWindowTitle("bare")
w.resize(1100, 820)
w.show()
app.exec()
"""
POLL_S = 0.02


def visible_after(command: list[str]) -> float:
    """Seconds from starting ``command`` until the X server shows a window of it,
    polling every 20 ms as a player's eye would (``xdotool search --onlyvisible``)."""
    started = time.monotonic()
    child = subprocess.Popen(
        command, env=CHILD_ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        while time.monotonic() - started < 60:
            found = subprocess.run(
                ["xdotool", "search", "--onlyvisible", "--pid", str(child.pid), "--name", "."],
                capture_output=True,
                text=True,
            )
            if found.stdout.strip():
                return time.monotonic() - started
            time.sleep(POLL_S)
        raise RuntimeError(f"no window from {command} in 60 s")
    finally:
        child.kill()
        child.wait()


def on_screen() -> list[tuple[str, str, str]]:
    """``freecell --deal 1`` against a bare PySide6 window on a real X server (Xvfb
    under ``xvfb-run``), taken in turn, the first round dropped; empty offscreen."""
    if not os.environ.get("DISPLAY") or shutil.which("xdotool") is None:
        return []
    game: list[float] = []
    bare: list[float] = []
    for round_ in range(RUNS + 1):
        ours = visible_after(REAL)
        reference = visible_after([sys.executable, "-c", BARE_PROGRAM])
        if round_:
            game.append(ours * 1000)
            bare.append(reference * 1000)
    ratio = statistics.median(game) / statistics.median(bare)
    return [
        (
            "on screen, bare PySide6 window (polled 20 ms)",
            f"{min(bare):.0f} ms (median {statistics.median(bare):.0f} ms)",
            "",
        ),
        (
            "on screen, freecell --deal 1 (polled 20 ms)",
            f"{min(game):.0f} ms (median {statistics.median(game):.0f} ms)",
            "",
        ),
        ("  freecell / bare window (medians, this run)", f"{ratio:.2f}x", "<= 1.5x"),
    ]


def main() -> int:
    if "--instructions" in sys.argv[1:]:
        from ui_instructions import main as count_instructions

        return count_instructions(BARE, CHILD_ENV, lambda: real_start(SETTLE_MS))
    from PySide6.QtCore import QElapsedTimer, QEventLoop, QPointF, QTimer
    from PySide6.QtWidgets import QApplication

    from freecell.core import Session
    from freecell.engine import DECK, FREECELL, LoadPosition, NewDeal, Position, card
    from freecell.storage import Settings
    from freecell.ui.shell.main_window import MainWindow
    from freecell.ui.table.layout import CardSize

    rows: list[tuple[str, str, str]] = []
    # 1. start-up and memory, each in a fresh process, the four kinds taken in turn:
    # the machine's load comes and goes over a minute or two (the bare reference
    # measured 150 ms and 210 ms in two runs of this script a minute apart), and
    # kinds timed block after block compared a quiet minute with a busy one.  The
    # first round warms the bytecode, file and picture caches and is dropped; best
    # and median of the rest.
    runs: list[tuple[float, float, float]] = []
    no_faces: list[tuple[float, float]] = []
    window_only: list[tuple[float, float]] = []
    bare: list[tuple[float, float]] = []
    bare_memory: list[float] = []
    for round_ in range(RUNS + 1):
        real = start_and_memory()
        cold = start_with_nothing_cached()
        alone = seconds_of(WINDOW_ONLY)
        reference = seconds_of(BARE)
        if round_:
            runs.append(real)
            no_faces.append(cold)
            window_only.append(alone)
            bare.append(reference)
            bare_memory.append(bare_window_memory())
    kinds = [
        ("bare PySide6 window (reference)", bare),
        ("freecell --deal 1", [(r[0], r[1]) for r in runs]),
        ("  nothing painted cached yet (diagnostic)", no_faces),
        ("  the window alone (diagnostic)", window_only),
    ]
    print_start_up_table(kinds)
    wall_ratio = statistics.median(r[0] for r in runs) / statistics.median(b[0] for b in bare)
    cpu_ratio = statistics.median(r[1] for r in runs) / statistics.median(b[1] for b in bare)
    drawn = [r[0] * 1000 for r in runs]
    rows.append(
        (
            "start to table drawn (freecell --deal 1)",
            f"{min(drawn):.0f} ms (median {statistics.median(drawn):.0f} ms)",
            "<= 500 ms",
        )
    )
    rows.append(("  start / bare window, CPU time (medians)", f"{cpu_ratio:.2f}x", "<= 1.5x"))
    rows.append(("  start / bare window, wall time (medians)", f"{wall_ratio:.2f}x", ""))
    resident = min(r[2] for r in runs)
    rows.append(("idle RSS (settled)", f"{resident:.0f} MB", "<= 100 MB"))
    floor = min(bare_memory)
    rows.append(("  bare PySide6 window, settled (reference)", f"{floor:.0f} MB", ""))
    rows.append(("  freecell beyond the bare window", f"{resident - floor:.0f} MB", ""))
    if "--start-up" in sys.argv[1:]:
        print_rows(rows)
        return 0
    rows.extend(on_screen())

    app = QApplication(sys.argv[:1])
    window = MainWindow(Session(Settings(card_size="extra-large"), deal_number=1))
    window.resize(2560, 1440 + 120)
    window.show()
    for _ in range(10):
        app.processEvents()

    # 2. a 13-card run dragged at Extra large on a 2560x1440 view
    run = [
        card(t)
        for t in ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S", "4H", "3C", "2D", "AS"]
    ]
    rest = [c for c in DECK if c not in run]
    columns = [tuple(run)] + [tuple(rest[i::7]) for i in range(7)]
    position = Position(tuple(columns), (None,) * 4, (0, 0, 0, 0))
    window.dispatch(LoadPosition(position, FREECELL))
    window.set_card_size(CardSize.EXTRA_LARGE)
    app.processEvents()
    lay = window.scene.layout
    assert lay is not None
    top = lay.card_rect(0, 0)
    start = QPointF(top.x + top.w / 2, top.y + 10)
    controller = window.controller
    controller.press(start)
    frames: list[float] = []
    timer = QElapsedTimer()
    viewport = window.view.viewport()
    for i in range(300):
        # a pointer sweeping across the table, a few pixels per event as a hand does
        point = start + QPointF((i * 9) % 1800, 40 + (i * 4) % 500)
        timer.start()
        controller.move(point)
        app.processEvents()  # Qt paints the region that changed, as in a real drag
        frames.append(timer.nsecsElapsed() / 1e6)
    controller.release(start)
    frames = frames[5:]
    rows.append(
        (
            f"drag frame, 13 cards, XL, {viewport.width()}x{viewport.height()}",
            f"p50 {statistics.median(frames):.1f} ms, p99 {pct(frames, 99):.1f} ms",
            "p99 <= 8 ms",
        )
    )

    # 3. new deal
    window.set_card_size(CardSize.FIT)
    window.resize(1280, 900)
    app.processEvents()
    deals: list[float] = []
    for n in range(2, 32):
        timer.start()
        window.dispatch(NewDeal(n))
        app.processEvents()
        deals.append(timer.nsecsElapsed() / 1e6)
    rows.append(
        (
            "new deal (dispatch + paint)",
            f"p50 {statistics.median(deals):.1f} ms, max {max(deals):.1f} ms",
            "<= 50 ms",
        )
    )

    # 4. event-loop latency while the solver works in its worker process
    from freecell.solver.service import SolverService

    def latency(seconds: float, busy: bool) -> list[float]:
        lateness: list[float] = []
        last = [time.perf_counter()]

        def tick() -> None:
            now = time.perf_counter()
            lateness.append(max(0.0, (now - last[0]) * 1000 - 10))
            last[0] = now
            if busy:  # keep the table painting, as a player would see it
                viewport.update()

        t = QTimer()
        t.setInterval(10)
        t.timeout.connect(tick)
        t.start()
        loop = QEventLoop()
        QTimer.singleShot(int(seconds * 1000), loop.quit)
        loop.exec()
        t.stop()
        return lateness[2:]

    idle = latency(1.5, True)
    service = SolverService()
    service.start()
    window.hints.service = service
    window.dispatch(NewDeal(617))  # a deal the built-in solver needs seconds for
    window.hint()
    busy = latency(4.0, True)
    still_searching = window.hints.busy
    window.hints.cancel()
    service.close()
    rows.append(("event loop lateness, idle", f"p99 {pct(idle, 99):.1f} ms", ""))
    rows.append(
        (
            "event loop lateness, solver running"
            + ("" if still_searching else " (finished early)"),
            f"p50 {statistics.median(busy):.1f} ms, p99 {pct(busy, 99):.1f} ms",
            "p99 <= 30 ms",
        )
    )
    window.close()

    print_rows(rows)
    return 0


def print_rows(rows: list[tuple[str, str, str]]) -> None:
    load = os.getloadavg()[0]
    rows.append(("machine load average (1 min) during the run", f"{load:.1f}", ""))
    width = max(len(r[0]) for r in rows)
    print(f"{'measure'.ljust(width)}  {'result'.ljust(34)}  target")
    print("-" * (width + 50))
    for name, value, target in rows:
        print(f"{name.ljust(width)}  {value.ljust(34)}  {target}")


def print_start_up_table(kinds: list[tuple[str, list[tuple[float, float]]]]) -> None:
    """Process start to the first paint, in wall time and in CPU time (user +
    system), best and median of the runs; each kind's medians over the bare
    window's."""
    bare = kinds[0][1]
    bare_wall = statistics.median(w for w, _ in bare)
    bare_cpu = statistics.median(c for _, c in bare)
    width = max(len(name) for name, _ in kinds)
    print(f"start-up to the first paint, {RUNS} runs of each (ms)")
    print(
        f"{'kind'.ljust(width)}  {'wall best':>9}  {'median':>6}  {'CPU best':>8}  "
        f"{'median':>6}  {'wall/bare':>9}  {'CPU/bare':>8}"
    )
    print("-" * (width + 62))
    for name, said in kinds:
        wall = [w * 1000 for w, _ in said]
        cpu = [c * 1000 for _, c in said]
        print(
            f"{name.ljust(width)}  {min(wall):9.0f}  {statistics.median(wall):6.0f}  "
            f"{min(cpu):8.0f}  {statistics.median(cpu):6.0f}  "
            f"{statistics.median(wall) / 1000 / bare_wall:8.2f}x  "
            f"{statistics.median(cpu) / 1000 / bare_cpu:7.2f}x"
        )
    print("target: freecell --deal 1 within 1.5x of the bare window in CPU time\n")


if __name__ == "__main__":
    sys.exit(main())
