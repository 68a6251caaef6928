"""How long the storage layer takes: the per-move save, the restore at start,
recording a game in statistics.  Prints a table; no thresholds (tests check
behaviour, this shows cost).

    python benchmarks/storage.py            # in a temporary FREECELL_HOME
    python benchmarks/storage.py --repeat 50

The per-move save runs on the background writer in the game, so its cost is off
the GUI thread; "serialize" is the part that stays on it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from freecell.engine import FREECELL, Game, legal_moves
from freecell.storage import Storage, StoragePaths


def _game(moves: int, seed: int = 7) -> Game:
    """A game ``moves`` deep, playing at random and backing up from dead ends."""
    rng = random.Random(seed)
    game = Game(FREECELL, 617)
    for _ in range(moves * 50):
        if game.move_count >= moves or game.is_won:
            break
        options = legal_moves(game.position, game.variant)
        away_from_cells = [m for m in options if not m.dest.is_cell]
        if options:
            game.play(rng.choice(away_from_cells or options))
        else:
            game.undo()
            game.undo()
    return game


def _time(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), max(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(StoragePaths.in_folder(Path(folder)))
        print(f"{'what':<34}{'moves':>7}{'bytes':>8}{'median ms':>11}{'max ms':>9}")
        for moves in (10, 100, 300):
            game = _game(moves)
            storage.saved_game.save(game)
            rows = [
                ("serialize (GUI thread)", lambda g=game: storage.saved_game.document(g)),
                ("save game (writer thread)", lambda g=game: storage.saved_game.save(g)),
                ("restore game at start", lambda: storage.saved_game.load()),
            ]
            for name, action in rows:
                median, worst = _time(action, args.repeat)
                size = storage.saved_game.path.stat().st_size
                print(f"{name:<34}{game.move_count:>7}{size:>8}{median:>11.2f}{worst:>9.2f}")
        for deals in (10, 1000):
            for n in range(deals - len(storage.statistics.load().for_variant("freecell").deals)):
                storage.statistics.record("freecell", n, n % 2 == 0, 90, 120.0)
            median, worst = _time(
                lambda: storage.statistics.record("freecell", 1, True, 80, 100.0), args.repeat
            )
            size = storage.statistics.path.stat().st_size
            print(
                f"{f'record a game ({deals} deals on file)':<34}{'':>7}{size:>8}"
                f"{median:>11.2f}{worst:>9.2f}"
            )


if __name__ == "__main__":
    main()
