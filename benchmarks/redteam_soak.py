"""The red team's attacks of issue 36, in a loop for as long as a developer likes.

    python benchmarks/redteam_soak.py [--minutes 10] [--seed 1] [--with-memory]

Each round picks one attack at random, in a folder of its own (FREECELL_HOME), and
records what became of it:

- **stored**: a stored file (tests/stored_files.py: settings, the plugin store,
  statistics, the game in progress, the ratings cache, the history) replaced by a
  special file (a FIFO, a symlink to /dev/zero, a folder, a symlink to a FIFO),
  random bytes, a good file cut short or with bytes flipped, or 100,000-character
  strings; then read and written, in this process, each call with a time limit;
- **cli**: ``freecell-cli plugins`` or ``solve 1`` beside such a settings file, in a
  process of its own;
- **plugin**: a hostile plugin (tests/hostile_plugins.py: every exception type,
  ``os._exit``, busy loops, endless answers; the memory eater only with
  ``--with-memory``) enabled in the user plugin folder, listed by
  ``freecell-cli plugins``;
- **points**: a scoring plugin whose ``points()`` misbehaves, priced over a few
  moves in this process.

At the end it prints a table of kinds x outcomes.  ``ok`` is the promise kept
(nothing hangs, one clear message, the file kept aside, the game goes on); every
other column is a finding, with the first example of each printed under the table.
It asserts nothing: tests/test_storage_damage_*.py, test_plugins_hostile*.py and
test_cli_damaged_settings.py hold the same promises deterministically (docs/soak.md).
"""

from __future__ import annotations

import argparse
import collections
import functools
import json
import logging
import os
import random
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from freecell.core.notice_words import notice_text
from freecell.engine import FREECELL, CommandBus, Game, MoveCards, legal_moves
from freecell.plugin_host import create_manager
from freecell.scoring import ScoreKeeper
from freecell.storage import StoragePaths
from hostile_plugins import HOSTILE, SCORING_HOSTILE, SCORING_SOURCE  # (the tests' own)
from special_files import SPECIAL_KINDS, make_special
from stored_files import FILES, storage_in

LIMIT = 20.0  # seconds one read, write or command may take before it counts as hung
CLI = [sys.executable, "-m", "freecell.cli"]
DAMAGE = (*SPECIAL_KINDS, "random-bytes", "cut-short", "flipped", "absurd")


class Finding(Exception):
    """The promise broken: ``outcome`` is the table's column."""

    def __init__(self, outcome: str, detail: str) -> None:
        super().__init__(detail)
        self.outcome = outcome


def _limited(call: Callable[[], object]) -> object:
    """``call()`` on a thread; a :class:`Finding` when it hangs or raises."""
    result: list[object] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as error:
            failure.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(LIMIT)
    if thread.is_alive():
        raise Finding("hung", f"still running after {LIMIT:g} s")
    if failure:
        raise Finding("raised", f"{type(failure[0]).__name__}: {failure[0]}")
    return result[0]


def _damage(path: Path, kind: str, rng: random.Random, absurd: Callable[[Path], None]) -> None:
    if kind in SPECIAL_KINDS:
        make_special(path, kind)
        return
    if kind == "absurd":
        absurd(path)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "random-bytes":
        path.write_bytes(rng.randbytes(rng.randint(1, 4096)))
        return
    good = path.read_bytes() if path.is_file() else b'{"version": 1}'
    if kind == "cut-short":
        path.write_bytes(good[: rng.randint(0, max(0, len(good) - 1))])
    else:  # flipped
        data = bytearray(good)
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))


Attack = Callable[[Path, random.Random], tuple[str, Callable[[], None]]]
"""Picks what to try in a round's folder: the table's row, and the round itself."""


def stored(home: Path, rng: random.Random) -> tuple[str, Callable[[], None]]:
    which, kind = rng.choice(list(FILES)), rng.choice(DAMAGE)
    entry = FILES[which]

    def run() -> None:
        storage = storage_in(home)
        path = entry.where(storage)
        if kind in ("cut-short", "flipped"):
            _limited(lambda: entry.save(storage))  # a good file first, to damage
            storage = storage_in(home)
        _damage(path, kind, rng, entry.write_absurd)
        _limited(lambda: entry.load(storage))
        said = [notice_text(n) for n in storage.take_notices()]
        if len(said) > 1:
            raise Finding("said twice", f"{which}: {said}")
        if kind in SPECIAL_KINDS and not said:
            raise Finding("silent", f"{which}: a special file and no message")
        kept = any(".unreadable-" in p.name for p in path.parent.iterdir())
        if said and "moved aside" in said[0] and not kept:
            raise Finding("not kept", f"{which}: said moved aside, nothing kept")
        _limited(lambda: entry.save(storage))  # the game goes on
        _limited(lambda: entry.load(storage))

    return f"stored: {kind}", run


def cli(home: Path, rng: random.Random) -> tuple[str, Callable[[], None]]:
    kind, command = rng.choice(DAMAGE), rng.choice([["plugins"], ["solve", "1"]])
    entry = FILES["settings"]

    def run() -> None:
        # (FREECELL_HOME is the round's folder itself: storage_in adds a "home")
        _damage(StoragePaths.in_folder(home).settings_file, kind, rng, entry.write_absurd)
        if kind in SPECIAL_KINDS and "moved aside" not in _run(command, warnings=1):
            raise Finding("silent", "the settings file went aside without a word")

    return f"cli {command[0]}: {kind}", run


def plugin(home: Path, rng: random.Random, names: list[str]) -> tuple[str, Callable[[], None]]:
    name = rng.choice(names)

    def run() -> None:
        folder = home / "data" / "plugins"
        folder.mkdir(parents=True)
        (folder / f"{name}.py").write_text(textwrap.dedent(HOSTILE[name][0]))
        settings = home / "config" / "settings.json"
        settings.parent.mkdir(parents=True)
        settings.write_text(json.dumps({"version": 1, "enabled_plugins": {name: True}}))
        if name not in _run(["plugins"], warnings=1):
            raise Finding("silent", "turned off without a notice")

    return f"plugin: {name}", run


def points(home: Path, rng: random.Random) -> tuple[str, Callable[[], None]]:
    name = rng.choice(sorted(SCORING_HOSTILE))

    def run() -> None:
        folder = home / "plugins"
        folder.mkdir(parents=True)
        source = SCORING_SOURCE.replace("{body}", SCORING_HOSTILE[name][0])
        (folder / f"{name}.py").write_text(source)
        manager = create_manager({name: True}, user_plugin_dir=folder, limits=(3.0, 1.0, 0.5))
        keeper = ScoreKeeper(manager.choose_scoring_scheme("hostile-points").value)
        bus = CommandBus(Game(FREECELL, rng.randint(1, 32000)))
        bus.subscribe(keeper.on_event)
        for _ in range(3):
            move = legal_moves(bus.game.position, bus.game.variant)[0]
            _limited(functools.partial(bus.dispatch, MoveCards(move)))
        sys.modules.pop(f"freecell_user_plugin_{name}", None)
        said = manager.take_notices()
        if len(said) != 1 or bus.game.move_count != 3:
            raise Finding("silent" if not said else "said twice", f"{said}")

    return f"points: {name}", run


def _run(command: list[str], warnings: int) -> str:
    """``freecell-cli command``'s stderr; a :class:`Finding` when it hangs, shows a
    traceback, ends otherwise than 0 or 2, or says more than ``warnings`` lines."""
    try:
        done = subprocess.run(
            [*CLI, *command], capture_output=True, text=True, timeout=LIMIT, check=False
        )
    except subprocess.TimeoutExpired:
        raise Finding("hung", f"no answer in {LIMIT:g} s") from None
    if "Traceback" in done.stderr:
        raise Finding("traceback", done.stderr[-300:])
    if done.returncode not in (0, 2):
        raise Finding(f"exit {done.returncode}", done.stderr[-300:])
    lines = done.stderr.count("\n")
    if lines > warnings:
        raise Finding("said twice", f"{lines} lines on stderr: {done.stderr[-300:]}")
    return done.stderr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--with-memory", action="store_true", help="the 512 MB plugin too")
    args = parser.parse_args()
    logging.disable(logging.CRITICAL)  # the game's log lines, not the soak's; the table is
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    rng = random.Random(seed)
    names = sorted(n for n in HOSTILE if args.with_memory or n != "hungry")
    attacks: list[Attack] = [stored, stored, cli, functools.partial(plugin, names=names), points]
    table: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    examples: dict[str, str] = {}
    ends = time.monotonic() + args.minutes * 60
    rounds = 0
    with tempfile.TemporaryDirectory(prefix="redteam-soak-") as scratch:
        while time.monotonic() < ends:
            rounds += 1
            home = Path(scratch) / f"round-{rounds}"
            os.environ["FREECELL_HOME"] = str(home)
            kind, run = rng.choice(attacks)(home, rng)
            try:
                run()
                table[kind]["ok"] += 1
            except Finding as finding:
                table[kind][finding.outcome] += 1
                examples.setdefault(finding.outcome, f"{kind}: {finding}")
    _print(table, examples, rounds, seed, args.minutes)


def _print(
    table: dict[str, collections.Counter[str]],
    examples: dict[str, str],
    rounds: int,
    seed: int,
    minutes: float,
) -> None:
    outcomes = ["ok", *sorted({o for row in table.values() for o in row} - {"ok"})]
    print(f"{rounds} rounds in {minutes:g} min, seed {seed}, load {os.getloadavg()[0]:.1f}")
    width = max([4, *(len(kind) for kind in table)])
    print(f"| {'kind':<{width}} | " + " | ".join(f"{o:>9}" for o in outcomes) + " |")
    print(f"| {'-' * width} | " + " | ".join("-" * 9 for _ in outcomes) + " |")
    for kind in sorted(table):
        counts = " | ".join(f"{table[kind][o]:>9}" for o in outcomes)
        print(f"| {kind:<{width}} | {counts} |")
    for outcome, example in sorted(examples.items()):
        print(f"first {outcome}: {example}")


if __name__ == "__main__":
    main()
