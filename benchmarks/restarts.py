"""Soak: start the window and close it, again and again, under load.

    python benchmarks/restarts.py [--runs N] [--busy K]

Runs the child of tests/test_ui_view_settings.py's restart test (the window
resized, its card size changed, then closed 300 ms after its event loop starts;
then started again to read what was saved) N times, beside K busy loops (other
processes spinning the CPU, as a loaded CI machine does), each child with
``faulthandler`` on.  Every child that exits non-zero is printed with the signal
that killed it and its stderr, where faulthandler writes every thread's stack.
It prints a count at the end; it asserts nothing (issue 36, finding 13).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_ui_view_settings import GEOMETRY_CHILD  # (the test's own child)

EXPECTED = ["760", "540", "large"]


def _spin() -> None:
    while True:
        pass


def _one(mode: str, home: str) -> tuple[bool, str]:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "FREECELL_HOME": home,
        "PYTHONFAULTHANDLER": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", GEOMETRY_CHILD, mode],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    if done.returncode == 0 and done.stdout.split() == EXPECTED:
        return True, ""
    code = done.returncode
    how = signal.Signals(-code).name if code < 0 else f"exit {code}"
    return False, f"{mode}: {how}, stdout {done.stdout!r}\n{done.stderr}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--busy", type=int, default=2, help="busy loops beside the runs")
    args = parser.parse_args()
    spinners = [multiprocessing.Process(target=_spin, daemon=True) for _ in range(args.busy)]
    for spinner in spinners:
        spinner.start()
    failures = 0
    started = time.monotonic()
    try:
        for run in range(args.runs):
            home = tempfile.mkdtemp(prefix="freecell-restarts-")
            for mode in ("set", "get"):
                ok, said = _one(mode, home)
                if not ok:
                    failures += 1
                    print(f"run {run + 1}: {said}", flush=True)
    finally:
        for spinner in spinners:
            spinner.terminate()
    minutes = (time.monotonic() - started) / 60
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{args.runs} runs ({2 * args.runs} starts) beside {args.busy} busy loops in "
        f"{minutes:.1f} min, load average {load:.1f} at the end: {failures} failed"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
