"""How long ``freecell-cli replay`` takes for long move lists (issue 36: 341,000
moves took 31.7 s).

    python benchmarks/replay.py [--sizes 10000,100000,341000] [--repeat 3]

For each size, a legal list from deal 1 (tests/long_replay.py) is replayed by the
real command in a process of its own, quiet (``-q``) and printing every move (to
/dev/null); the best of ``--repeat`` wall times is printed, with the time per move.
It asserts nothing: tests/test_replay_cost.py holds the cost per move, counted.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from long_replay import DEAL, long_move_list  # (the tests' own list)


def _best(argv: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - started
        if done.returncode != 0:
            raise SystemExit(f"replay failed: {done.stderr.decode(errors='replace')}")
        best = min(best, elapsed)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000,341000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    cli = [sys.executable, "-m", "freecell.cli", "replay", str(DEAL), "--moves"]
    print(f"load average {os.getloadavg()[0]:.1f}, best of {args.repeat}")
    print(
        f"| {'moves':>8} | {'-q (s)':>7} | {'µs/move':>7} | {'printed (s)':>11} | {'µs/move':>7} |"
    )
    print(f"| {'-' * 8} | {'-' * 7} | {'-' * 7} | {'-' * 11} | {'-' * 7} |")
    with tempfile.TemporaryDirectory() as folder:
        for size in sizes:
            path = Path(folder) / f"moves-{size}.txt"
            path.write_text(long_move_list(size))
            quiet = _best([*cli, str(path), "-q"], args.repeat)
            printed = _best([*cli, str(path)], args.repeat)
            print(
                f"| {size:>8,} | {quiet:>7.2f} | {quiet / size * 1e6:>7.1f} "
                f"| {printed:>11.2f} | {printed / size * 1e6:>7.1f} |"
            )


if __name__ == "__main__":
    main()
