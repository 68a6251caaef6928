"""Hostile plugins for the tests, as the red team of issue 36 wrote them: each is
the source of a plugin module, written by a test into a temporary user plugin
folder or a temporary distribution, as the other plugin tests do."""

from __future__ import annotations

LIAR_SOURCE = '''
"""Lying solvers: every position is lost, and moves are words."""

from freecell import hookimpl
from freecell.solver.api import Solved, Unsolvable
from freecell.solver.builtin import BuiltinSolver


class Liar:
    id = "liar"
    name = "Liar Solver"

    def available(self):
        return True

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        return Unsolvable(1, 0.001)


class Impostor(BuiltinSolver):
    """Claims the built-in search's trust by its ancestry, and still lies."""

    id = "impostor"
    name = "Impostor Solver"
    trusted = True

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        return Unsolvable(1, 0.001)


class Wordy(Liar):
    id = "wordy"
    name = "Wordy Solver"

    def solve(self, position, variant, budget=None, cancel=None, mode=None):
        return Solved(("1h", "2h"), 1, 0.0)


@hookimpl
def freecell_solver_backends():
    return [Liar(), Impostor(), Wordy()]
'''

# name -> (source, the reason's code, the hook it names ("" for the import))
HOSTILE: dict[str, tuple[str, str, str]] = {
    "base_at_import": (
        """
        class Boom(BaseException):
            pass

        raise Boom("at import")
        """,
        "import-failed",
        "",
    ),
    "interrupt_at_import": (
        """
        raise KeyboardInterrupt
        """,
        "import-failed",
        "",
    ),
    "base_in_hook": (
        """
        from freecell import hookimpl

        class Boom(BaseException):
            pass

        @hookimpl
        def freecell_card_themes():
            raise Boom("in a hook")
        """,
        "raised",
        "freecell_card_themes",
    ),
    "interrupt_in_hook": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_variants():
            raise KeyboardInterrupt
        """,
        "raised",
        "freecell_variants",
    ),
    "exit_at_import": (
        """
        import os

        os._exit(0)
        """,
        "hard-exited",
        "",
    ),
    "exit_in_hook": (
        """
        import os
        from freecell import hookimpl

        @hookimpl
        def freecell_variants():
            os._exit(0)
        """,
        "hard-exited",
        "freecell_variants",
    ),
    "endless": (
        """
        import itertools
        from freecell import hookimpl
        from freecell.engine import Variant

        @hookimpl
        def freecell_variants():
            for n in itertools.count():
                yield Variant(id=f"endless-{n}", name="Endless")
        """,
        "too-many",
        "freecell_variants",
    ),
    "busy": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_card_themes():
            while True:
                pass
        """,
        "too-slow",
        "freecell_card_themes",
    ),
    "hungry": (
        """
        from freecell import hookimpl

        @hookimpl
        def freecell_card_themes():
            hoard = []
            while True:
                hoard.append(bytearray(4 * 1024 * 1024))
        """,
        "too-much-memory",
        "freecell_card_themes",
    ),
}

# Observers that misbehave in a game event (the move is played all the same).
EVENT_HOSTILE: dict[str, tuple[str, str]] = {
    "base_in_event": (
        """
        from freecell import hookimpl

        class Boom(BaseException):
            pass

        @hookimpl
        def freecell_game_event(event):
            raise Boom("in an event")
        """,
        "raised",
    ),
    "exit_in_event": (
        """
        import os
        from freecell import hookimpl

        @hookimpl
        def freecell_game_event(event):
            os._exit(0)
        """,
        "hard-exited",
    ),
}

CHATTY = """
import sys
from freecell import hookimpl
from freecell.engine import Variant

print("loading the chatty plugin")


@hookimpl
def freecell_variants():
    print("x" * 1_000_000)
    sys.stderr.write("y" * 1_000_000)
    return [Variant(id="chatty-cells", name="Chatty", cells=5)]
"""

SHIFTY = """
from freecell import hookimpl
from freecell.themes import CardTheme

colours = ["#101010", "#c00000", "#c00000", "#101010"]
THEME = CardTheme(id="shifty", name="Shifty", suit_colours=colours)


@hookimpl
def freecell_card_themes():
    return [THEME]
"""

# Scoring schemes whose points() misbehaves: what points() does -> the reason's code.
# (The scheme is a plain object, so that the guard, not PointsPerCard, is tested.)
SCORING_SOURCE = """
import os
from freecell import hookimpl


class Boom(BaseException):
    pass


class Scheme:
    id = "hostile-points"
    name = "Hostile"
    description = "points() misbehaves"
    keeps_score = True
    floor = None

    def points(self, moves, before, after):
        {body}


@hookimpl
def freecell_scoring_schemes():
    return [Scheme()]
"""

SCORING_HOSTILE: dict[str, tuple[str, str]] = {
    "points_base": ('raise Boom("in points")', "raised"),
    "points_interrupt": ("raise KeyboardInterrupt", "raised"),
    "points_exit": ("os._exit(0)", "hard-exited"),
    "points_sys_exit": ("raise SystemExit(3)", "exited"),
    "points_busy": ("while True: pass", "too-slow"),
    "points_word": ('return "ten"', "bad-answer"),
    "points_endless": ("return (n for n in iter(int, 1))", "bad-answer"),
    "points_absurd": ("return 10 ** 100", "bad-answer"),
}
