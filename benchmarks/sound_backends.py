"""What each way of playing a short WAV costs: import time and memory.

Each candidate runs in fresh interpreters (``--runs`` of them; the median is
shown): the time to import what it needs and make its player for one WAV, and
the resident memory that added, read from ``/proc/self/status``.  Qt's candidate
is timed with a QGuiApplication already made (the game has one).  A candidate
whose package is missing from the interpreter says so.

    python benchmarks/sound_backends.py [--python PATH] [--runs N]

``--python``: the interpreter to measure in (a venv with PySide6-Addons and
simpleaudio installed, to measure those two).  The figures and the choice are in
docs/sound.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

WAV = Path(__file__).resolve().parents[1] / "resources" / "sounds" / "drop.wav"

_RSS = """
def rss_kb():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS:'):
            return int(line.split()[1])
"""

CANDIDATES = {
    "stdlib WAV + player subprocess": """
import time
before = rss_kb(); t = time.perf_counter()
import shutil, subprocess, wave
player = shutil.which('pw-play') or shutil.which('paplay') or shutil.which('aplay')
with wave.open(WAV) as w: w.getnframes()
took = time.perf_counter() - t
""",
    "simpleaudio": """
import time
before = rss_kb(); t = time.perf_counter()
import simpleaudio
sound = simpleaudio.WaveObject.from_wave_file(WAV)
took = time.perf_counter() - t
""",
    "QtMultimedia QSoundEffect": """
import time
from PySide6.QtGui import QGuiApplication
from PySide6.QtCore import QUrl
app = QGuiApplication([])
before = rss_kb(); t = time.perf_counter()
from PySide6.QtMultimedia import QSoundEffect
effect = QSoundEffect()
effect.setSource(QUrl.fromLocalFile(WAV))
took = time.perf_counter() - t
""",
}


def _one(python: str, body: str) -> tuple[float, int] | str:
    script = f"WAV = {str(WAV)!r}\n{_RSS}\n{body}\nimport json\n"
    script += "print(json.dumps([took, rss_kb() - before]))\n"
    done = subprocess.run(
        [python, "-c", script],
        capture_output=True,
        text=True,
        env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
        check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["failed"])[-1]
        return last
    took, rss = json.loads(done.stdout.strip().splitlines()[-1])
    return float(took), int(rss)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"{'candidate':34} {'import+player ms':>17} {'RSS added KB':>13}")
    for name, body in CANDIDATES.items():
        results = [_one(args.python, body) for _ in range(args.runs)]
        failed = [r for r in results if isinstance(r, str)]
        if failed:
            print(f"{name:34} not measurable here: {failed[0]}")
            continue
        times = [r[0] * 1000 for r in results if not isinstance(r, str)]
        memory = [r[1] for r in results if not isinstance(r, str)]
        print(f"{name:34} {statistics.median(times):17.1f} {statistics.median(memory):13d}")


if __name__ == "__main__":
    main()
