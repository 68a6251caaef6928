"""Killed writers and two running copies: the files on disk stay whole.

The kill test starts a small writer process that saves one version after another
(each save printing its number once ``os.replace`` is done), SIGKILLs it at a random
moment, and checks the file on disk is exactly the last announced version or the one
after it -- never a mix, never half a file.  Writers load ``jsonfile.py`` straight
from its path (it imports only the standard library) so each process starts in a few
tens of milliseconds and 200+ kills stay well under the time budget.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from freecell.storage import StatisticsStore, jsonfile

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL and fork-free timing are POSIX")

WRITER = textwrap.dedent(
    """
    import importlib.util, sys
    spec = importlib.util.spec_from_file_location("jsonfile", sys.argv[1])
    module = importlib.util.module_from_spec(spec)
    sys.modules["jsonfile"] = module
    spec.loader.exec_module(module)
    from pathlib import Path
    target = module.JsonFile(Path(sys.argv[2]), what="test", version=1)
    n = int(sys.argv[3])
    print("ready", flush=True)
    while True:
        n += 1
        target.save({"n": n, "payload": [n] * 1500, "tail": n})
        print(n, flush=True)
    """
)

KILLS_PER_LANE = 52
LANES = 4


def _check(path: Path) -> int:
    """The version number of a whole, self-consistent document at ``path``."""
    data = json.loads(path.read_bytes())
    n = data["n"]
    assert data["version"] == 1
    assert data["tail"] == n and data["payload"] == [n] * 1500
    return int(n)


def _lane(
    folder: Path, script: Path, seed: int, failures: list[str], kills: list[int], torn: list[int]
) -> None:
    rng = random.Random(seed)
    target = folder / "doc.json"
    last_good = 0
    for _ in range(KILLS_PER_LANE):
        proc = subprocess.Popen(
            [sys.executable, "-S", str(script), jsonfile.__file__, str(target), str(last_good)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        threading.Event().wait(rng.uniform(0.0, 0.025))
        os.kill(proc.pid, signal.SIGKILL)
        out = proc.stdout.read().split()
        proc.wait()
        proc.stdout.close()
        announced = int(out[-1]) if out else last_good
        kills.append(announced)
        if any(folder.glob(".doc.json.*.tmp")):
            torn.append(announced)  # killed with a half-written temporary file
        if not target.exists():
            if announced:
                failures.append(f"file missing after version {announced}")
            continue
        try:
            on_disk = _check(target)
        except (ValueError, KeyError, AssertionError) as e:
            failures.append(f"damaged file after version {announced}: {e!r}")
            return
        if on_disk not in (announced, announced + 1):
            failures.append(f"file holds version {on_disk}, expected {announced} or the next")
        if target.with_name("doc.json.bak").exists():
            _check(target.with_name("doc.json.bak"))
        last_good = on_disk


def test_killing_a_writer_at_random_moments_never_damages_the_file(tmp_path: Path) -> None:
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    failures: list[str] = []
    kills: list[int] = []
    torn: list[int] = []
    lanes = []
    for lane in range(LANES):
        folder = tmp_path / f"lane{lane}"
        folder.mkdir()
        lanes.append(
            threading.Thread(target=_lane, args=(folder, script, lane, failures, kills, torn))
        )
    for thread in lanes:
        thread.start()
    for thread in lanes:
        thread.join()
    assert failures == []
    assert len(kills) >= 200
    # The kills really landed in the middle of writes, not only between them.
    assert len(torn) >= 20


COUNTER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from freecell.storage.statistics import StatisticsStore
    store = StatisticsStore(Path(sys.argv[1]))
    variant, games = sys.argv[2], int(sys.argv[3])
    for i in range(games):
        store.record(variant, i, i % 3 == 0, 50 + i, 60.0 + i)
        store.record("freecell", 1000 + i, i % 2 == 0, 70, 80.0)
    """
)


def test_two_running_copies_both_count_all_their_games(tmp_path: Path) -> None:
    script = tmp_path / "counter.py"
    script.write_text(COUNTER)
    target = tmp_path / "statistics.json"
    games = 40
    procs = [
        subprocess.Popen([sys.executable, str(script), str(target), variant, str(games)])
        for variant in ("two-cell", "bakers-game")
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    stats = StatisticsStore(target).load()
    assert stats.for_variant("freecell").played == 2 * games
    assert stats.for_variant("freecell").won == games
    for variant in ("two-cell", "bakers-game"):
        assert stats.for_variant(variant).played == games
        assert sorted(stats.for_variant(variant).deals) == list(range(games))
