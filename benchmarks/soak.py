"""A soak: the real game under Xvfb, driven for N minutes by random clicks, drags
and keys, then 200 new deals in a row.  Prints a table; asserts nothing.

    python benchmarks/soak.py                    # 10 minutes, 200 deals
    python benchmarks/soak.py --minutes 1 --deals 20 --seed 7

Needs Xvfb, openbox and xdotool (``.ci/run`` installs them).  The game runs as a
player starts it (``python -m freecell``) in a home folder of its own, on a private
X server with a window manager (so the window has the focus and keys reach it).
Events go through the X server exactly as a player's would.  Every so often
Escape closes whatever a random key opened (a dialog, a menu); Ctrl+Q is never
sent and the menu bar is never clicked, so a random click cannot quit.  A game
that dies is a crash: it is counted, its last words kept, and it is started again.

The table: events sent, crashes, Python tracebacks (in the game's log and on its
stderr), and the game's resident memory, open files, threads and solver processes
(its child processes, the multiprocessing resource tracker apart) before the first
event (start-up settled) and after the last (settled again); and its resident
memory at each full minute driven, to see whether it levels off.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

SETTLE_S = 6.0
SCREEN = "1920x1080x24"
KEYS = [
    *"nuhfp0123456789abcd",
    *("Left", "Right", "Up", "Down", "Return", "space", "Tab", "shift+Tab", "Escape"),
    *("BackSpace", "F1", "F11", "ctrl+z", "ctrl+y", "ctrl+shift+z", "ctrl+r", "ctrl+l"),
    *("ctrl+i", "ctrl+g", "ctrl+comma", "ctrl+shift+w", "ctrl+shift+s"),
]
PLAY_KEYS = ["Left", "Right", "Up", "Down", "Return", "space", "Return", "u"]
MENU_BAND = 60  # pixels at the window's top: the menu bar (never clicked: Quit is there)


@dataclass
class Sample:
    rss_mb: float
    open_files: int
    threads: int
    solvers: int


def _children(pid: int) -> list[tuple[int, str]]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.append((int(entry.name), cmdline))
    return found


def sample(pid: int) -> Sample:
    status = Path(f"/proc/{pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    solvers = [c for c in _children(pid) if "resource_tracker" not in c[1]]
    return Sample(
        rss_mb=int(fields["VmRSS"].split()[0]) / 1024,
        open_files=len(os.listdir(f"/proc/{pid}/fd")),
        threads=int(fields["Threads"]),
        solvers=len(solvers),
    )


class Display:
    """A private Xvfb with openbox on it."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            self.name = f":{pipe.readline().strip()}"
        self.env = {**os.environ, "DISPLAY": self.name}
        self.wm = subprocess.Popen(
            ["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(1.0)

    def xdotool(self, *args: str, timeout: float = 20.0) -> str:
        done = subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=timeout
        )
        return done.stdout

    def close(self) -> None:
        for process in (self.wm, self.xvfb):
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()


class Game:
    """The game process and its window."""

    def __init__(self, display: Display, home: Path, number: int) -> None:
        self.display = display
        self.stderr_path = home / f"stderr-{number}.txt"
        env = {**display.env, "FREECELL_HOME": str(home), "QT_QPA_PLATFORM": "xcb"}
        env.pop("FREECELL_SMOKE_QUIT_MS", None)
        with open(self.stderr_path, "wb") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "freecell", "--deal", str(number)],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=err,
            )
        found = display.xdotool(
            "search", "--sync", "--onlyvisible", "--name", "FreeCell", timeout=60
        )
        self.window = found.split()[0]
        self.focus()
        self.geometry = self._geometry()

    def _geometry(self) -> tuple[int, int, int, int]:
        shell = self.display.xdotool("getwindowgeometry", "--shell", self.window)
        values = dict(line.split("=", 1) for line in shell.splitlines() if "=" in line)
        return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])

    def focus(self) -> None:
        self.display.xdotool("windowactivate", "--sync", self.window)

    def title(self) -> str:
        """The window's title: it names the deal on the table ("Deal #617")."""
        return self.display.xdotool("getwindowname", self.window).strip()

    def alive(self) -> bool:
        return self.process.poll() is None

    def close(self) -> int | None:
        """Close as a player does (SIGTERM closes the window, saving); the exit code."""
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


def random_event(rng: random.Random, game: Game) -> list[str]:
    """One random gesture.  Most land on the cards (the middle of the table, where
    the cells, foundations and columns are) so that moves are really made; the rest
    anywhere below the menu bar."""
    x0, y0, width, height = game.geometry

    def point() -> tuple[str, str]:
        if rng.random() < 0.8:
            x = x0 + int(width * rng.uniform(0.25, 0.75))
            y = y0 + int(height * rng.uniform(0.12, 0.7))
        else:
            x = x0 + rng.randrange(width)
            y = y0 + MENU_BAND + rng.randrange(height - MENU_BAND)
        return str(x), str(y)

    roll = rng.random()
    if roll < 0.3:
        return ["mousemove", *point(), "click", "1"]
    if roll < 0.4:
        return ["mousemove", *point(), "click", "--repeat", "2", "1"]
    if roll < 0.65:
        (ax, ay), (bx, by) = point(), point()
        mx, my = str((int(ax) + int(bx)) // 2), str((int(ay) + int(by)) // 2)
        return ["mousemove", ax, ay, "mousedown", "1", "sleep", "0.05", "mousemove", mx, my,
                "sleep", "0.05", "mousemove", bx, by, "sleep", "0.03", "mouseup", "1"]  # fmt: skip
    if roll < 0.85:  # the keyboard's way to play: move the focus, pick up, put down
        return ["key", "--clearmodifiers", rng.choice(PLAY_KEYS)]
    return ["key", "--clearmodifiers", rng.choice(KEYS)]


def games_counted(home: Path) -> int:
    """Games the statistics counted (a deal left with moves made counts as lost)."""
    try:
        data = json.loads((home / "data" / "statistics.json").read_text(encoding="utf-8"))
        return sum(int(v.get("played", 0)) for v in data.get("variants", {}).values())
    except (OSError, ValueError, AttributeError):
        return 0


def tracebacks(home: Path) -> int:
    count = 0
    for path in [*home.glob("logs/freecell.log*"), *home.glob("stderr-*.txt")]:
        count += path.read_text(encoding="utf-8", errors="replace").count("Traceback (most recent")
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    missing = [tool for tool in ("Xvfb", "openbox", "xdotool") if shutil.which(tool) is None]
    if missing:
        print(f"soak: needs {', '.join(missing)} (apt: xvfb openbox xdotool)", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix="freecell-soak-"))
    display = Display()
    crashes: list[str] = []
    titles: set[str] = set()  # window titles seen while driven (each names a deal)
    dealt: set[str] = set()  # ... and after each new deal of the run of deals
    events = 0
    try:
        game = Game(display, home, 1)
        time.sleep(SETTLE_S)
        before = sample(game.process.pid)
        started = time.monotonic()
        deadline = started + args.minutes * 60
        minute_marks: list[float] = []  # resident MB at each full minute driven
        while time.monotonic() < deadline:
            if time.monotonic() - started >= 60 * (len(minute_marks) + 1) and game.alive():
                minute_marks.append(sample(game.process.pid).rss_mb)
            if not game.alive():
                tail = game.stderr_path.read_text(errors="replace").strip().splitlines()[-1:]
                crashes.append(f"exit {game.process.returncode}: {' '.join(tail)}")
                game = Game(display, home, len(crashes) + 1)
            if events % 25 == 0:
                display.xdotool("key", "Escape", "key", "Escape")
                game.focus()
            display.xdotool(*random_event(rng, game))
            events += 1
            if events % 10 == 0:
                titles.add(game.title())
            time.sleep(rng.uniform(0.01, 0.08))
        game.focus()
        display.xdotool("key", "Escape", "key", "Escape")
        deal_keys = 0
        for _ in range(args.deals):
            if not game.alive():
                break
            display.xdotool("key", "--clearmodifiers", "ctrl+n")
            deal_keys += 1
            time.sleep(0.15)
            dealt.add(game.title())
        events += deal_keys
        time.sleep(SETTLE_S)
        alive = game.alive()
        after = sample(game.process.pid) if alive else None
        code = game.close()
        if not alive:
            crashes.append(f"exit {game.process.returncode} during the deals")
    finally:
        display.close()
    minutes = (time.monotonic() - started) / 60
    rows = [
        ("seed", str(seed), ""),
        ("minutes driven", f"{minutes:.1f}", ""),
        ("events sent", str(events), f"(of which {deal_keys} new deals)"),
        ("deals seen", str(len(titles)), "(distinct window titles while driven)"),
        ("new deals dealt", str(len(dealt)), f"(distinct titles after the {deal_keys} keys)"),
        ("games played", str(games_counted(home)), "(counted in the statistics)"),
        ("crashes", str(len(crashes)), "; ".join(crashes)),
        ("tracebacks", str(tracebacks(home)), f"log and stderr in {home}"),
        ("exit code at close", str(code), "(0: closed and saved as a player would)"),
    ]
    print(f"{'':22} {'value':>10}  notes")
    for name, value, note in rows:
        print(f"{name:22} {value:>10}  {note}")
    print(f"\n{'':22} {'before':>10} {'after':>10}")
    for label, field, unit in (
        ("resident memory", "rss_mb", " MB"),
        ("open files", "open_files", ""),
        ("threads", "threads", ""),
        ("solver processes", "solvers", ""),
    ):
        first = getattr(before, field)
        last = getattr(after, field) if after is not None else None
        shown = "-" if last is None else (f"{last:.0f}{unit}" if unit else str(last))
        start = f"{first:.0f}{unit}" if unit else str(first)
        print(f"{label:22} {start:>10} {shown:>10}")
    # whether memory levels off, not just where it ends (random keys toggle full
    # screen and large print, so it moves with the window's size too)
    print(
        "\nresident memory at each minute driven (MB): "
        + " ".join(f"{m:.0f}" for m in minute_marks)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
