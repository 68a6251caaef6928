"""Benchmark: how fast ``freecell-cli`` answers, against a bare interpreter start.

    python benchmarks/cli.py [--runs N]

Runs each command N times, interleaved (so that a busy machine slows them all
alike), and prints one table: the median and the fastest wall-clock time of each,
and the ratio of its median to that of ``python3 -c pass`` measured in the same
run.  The target for ``--version`` and ``board N`` is 3x at most, in English and in
German alike (a correct command line translates nothing: no catalogue, no Babel).  It prints
numbers; it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _cli() -> list[str]:
    """``freecell-cli`` as installed next to this interpreter (or on PATH)."""
    beside = Path(sys.executable).with_name("freecell-cli")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("freecell-cli")
    return [found] if found else [sys.executable, "-m", "freecell.cli"]


def commands() -> list[tuple[str, list[str]]]:
    cli = _cli()
    return [
        ("python3 -c pass", [sys.executable, "-c", "pass"]),
        ('python3 -c "import freecell"', [sys.executable, "-c", "import freecell"]),
        ("freecell-cli --version", [*cli, "--version"]),
        ("freecell-cli board 1", [*cli, "board", "1"]),
        ("LANGUAGE=de freecell-cli board 1", ["env", "LANGUAGE=de", *cli, "board", "1"]),
    ]


def _time(argv: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    # As installed: pip compiles the package, so every run below loads bytecode (the
    # warm-up writes it for a checkout) instead of compiling each module again.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    table = commands()
    times: dict[str, list[float]] = {name: [] for name, _ in table}
    for _name, command in table:  # warm the file cache (and write bytecode) once
        _time(command, env)
    for _ in range(args.runs):
        for name, command in table:
            times[name].append(_time(command, env))
    reference = statistics.median(times[table[0][0]])
    print(f"{'command':32} {'median ms':>10} {'fastest ms':>11} {'ratio':>7}")
    for name, _ in table:
        median = statistics.median(times[name])
        print(
            f"{name:32} {median * 1000:10.1f} {min(times[name]) * 1000:11.1f}"
            f" {median / reference:6.1f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
