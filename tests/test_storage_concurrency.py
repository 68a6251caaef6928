"""Killed writers and two running copies: the files on disk stay whole.

The kill test runs a small writer server in a subprocess.  For each round the
server forks a writer that saves one version after another through ``JsonFile``
(appending each number to a log once ``os.replace`` is done); the test SIGKILLs
that writer at a random moment and checks the file on disk is exactly the last
logged version or the one after it -- never a mix, never half a file -- and that the
backup is a whole version too.  Forking from a server that has already imported
``jsonfile.py`` (from the source folder, without site-packages: it needs only the
standard library and ``locking.py``) makes each writer start in about a
millisecond, so 200+ kills take seconds, not minutes.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from freecell.storage import StatisticsStore, jsonfile

SERVER = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[1])
    from freecell.storage.jsonfile import JsonFile
    target = JsonFile(Path(sys.argv[2]), what="test", version=1)
    log_path = sys.argv[3]

    def write_forever(n):
        log = os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND)
        while True:
            n += 1
            target.save({"n": n, "payload": [n] * 1500, "tail": n})
            os.write(log, f"{n}\\n".encode())

    for line in sys.stdin:
        last_good = int(line)
        pid = os.fork()
        if pid == 0:
            try:
                write_forever(last_good)
            finally:
                os._exit(1)
        print(pid, flush=True)
        os.waitpid(pid, 0)
        print("reaped", flush=True)
    """
)

KILLS = 220
_SOURCE = Path(jsonfile.__file__).parents[2]  # the folder holding freecell/


def _check(path: Path) -> int:
    """The version number of a whole, self-consistent document at ``path``."""
    data = json.loads(path.read_bytes())
    n = data["n"]
    assert data["version"] == 1
    assert data["tail"] == n and data["payload"] == [n] * 1500
    return int(n)


def _wait_for_versions(log: Path, count: int) -> None:
    deadline = time.monotonic() + 10
    while count and time.monotonic() < deadline:
        try:
            if len(log.read_bytes().split()) >= count:
                return
        except FileNotFoundError:
            pass
        time.sleep(0.001)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL and fork are POSIX")
def test_killing_a_writer_at_random_moments_never_damages_the_file(tmp_path: Path) -> None:
    script, target, log = tmp_path / "server.py", tmp_path / "doc.json", tmp_path / "log"
    script.write_text(SERVER)
    server = subprocess.Popen(
        [sys.executable, "-S", str(script), str(_SOURCE), str(target), str(log)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdin is not None and server.stdout is not None
    rng = random.Random(20261130)
    last_good, torn, progressed = 0, 0, 0
    try:
        for _ in range(KILLS):
            log.unlink(missing_ok=True)
            server.stdin.write(f"{last_good}\n")
            server.stdin.flush()
            writer = int(server.stdout.readline())
            # Let the writer finish 0, 1 or 2 versions first (so the file moves on
            # even on a slow, busy machine), then kill it a random moment later.
            _wait_for_versions(log, rng.choice((0, 1, 1, 2)))
            time.sleep(rng.uniform(0.0, 0.01))
            os.kill(writer, signal.SIGKILL)
            assert server.stdout.readline().strip() == "reaped"
            logged = log.read_text().split() if log.exists() else []
            announced = int(logged[-1]) if logged else last_good
            if any(tmp_path.glob(".doc.json.*.tmp")):
                torn += 1  # killed with a half-written temporary file
            if not target.exists():
                assert announced == 0, f"file missing after version {announced}"
                continue
            on_disk = _check(target)
            assert on_disk in (announced, announced + 1), (on_disk, announced)
            if target.with_name("doc.json.bak").exists():
                assert _check(target.with_name("doc.json.bak")) < on_disk
            progressed += on_disk > last_good
            last_good = on_disk
    finally:
        server.stdin.close()
        server.wait(timeout=10)
        server.stdout.close()
    # The kills landed in the middle of writes as well as between them.
    assert torn >= 10
    assert progressed >= KILLS // 2


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
