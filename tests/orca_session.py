"""A short game played with the keyboard while the real Orca listens.

``run(python, workdir, language)`` starts, inside ``xvfb-run -a dbus-run-session`` (a private X
server and session bus, so nothing of the machine's own is touched): the AT-SPI bus
(D-Bus activation starts it), speech-dispatcher with a silent speech module (a shell
``true``: Orca's utterances go through it without a sound card), Orca with
``--debug-file``, and the game from ``python``'s environment, on deal 1 with all but
the last three moves of a known solution played (the game in progress, as a player
would find it at start).  Then it types, with ``xdotool``: D (the table), H (a hint),
a card picked up and dropped where it may not go (a refusal), the next move of the
solution picked up and played, U (undo), and the last three moves (the win).  It
returns every ``SPEECH OUTPUT`` line of Orca's debug log.

With a ``language`` (``de``) the game is played in that language, chosen as a player
chooses it (the Preferences setting, saved before the start) while the environment
says English, and the script leaves out the undo and the move played again after it
(the session is shorter; the English one has them).

Orca opens its debug file with Python's default buffering and writes the rest only
as it exits; a slow shutdown would lose the end of the game.  So Orca's own script
(``/usr/bin/orca``, unchanged) is run by a two-line launcher that makes that one file
line-buffered, and the session waits until the log is quiet before it stops Orca.

Run it by hand to see what Orca says (system ``orca``, ``xvfb``, ``xdotool``,
``speech-dispatcher``, ``at-spi2-core`` needed)::

    python tests/orca_session.py [--python /path/to/venv/bin/python] [--language de]
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve()
SOLUTION = HERE.parent / "data" / "solution-1.txt"
INSIDE = "--inside-session"
LEFT_FOR_KEYS = 3  # solution moves played by keys; the rest are loaded as a saved game
TOOLS = ("orca", "xvfb-run", "dbus-run-session", "xdotool", "speech-dispatcher")
# Orca's script run as it is, its debug file (argv[1]) opened line-buffered
# Orca 43's launcher quits when any other process of the same user is named "orca"
# (`pgrep -u UID -x orca`, zombies included): another session's Orca -- the suite of
# a second checkout, another engineer's, the one of an attempt that failed -- and
# then none of them registers.  Each of these sessions has its own X server, buses
# and speech-dispatcher, so the launcher is run with that check answering "none".
LAUNCH_ORCA = (
    "import builtins, sys; script, log = sys.argv[1:3]; sys.argv = [script] + sys.argv[3:]; "
    "real = builtins.open; builtins.open = lambda f, m='r', *a, **k: real(f, m, 1) "
    "if f == log and 'w' in m else real(f, m, *a, **k); "
    "orca = {'__name__': 'orca_launcher', '__file__': script}; "
    "exec(compile(real(script).read(), script, 'exec'), orca); "
    "orca['otherOrcas'] = lambda: []; sys.exit(orca['main']())"
)
SPOKEN = re.compile(r"SPEECH OUTPUT: '(.*)'\s*\{")  # then the voice: {'established': ...}
ORCA_ABSENT = "Orca did not register with AT-SPI"
GENERIC_MODULE = Path("/usr/lib/speech-dispatcher-modules/sd_generic")


def missing() -> str | None:
    """Why the session cannot run here (None: it can)."""
    absent = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not GENERIC_MODULE.exists() and shutil.which("speech-dispatcher") is not None:
        absent.append(str(GENERIC_MODULE))
    if absent:
        return "needs " + ", ".join(absent) + " (apt: orca xvfb xdotool speech-dispatcher)"
    return None


# -- the game in progress and the keys that finish it -----------------------------------


def prepare_home(home: Path, language: str = "system") -> list[str]:
    """Write the saved game and settings into ``home`` (FREECELL_HOME); return the
    xdotool key groups of the scripted game, one group per step (without the undo
    when a ``language`` is chosen)."""
    os.environ["FREECELL_HOME"] = str(home)
    from freecell.engine import FREECELL, Game, Move, Pile, check_move, parse_moves
    from freecell.engine.rules import Refusal
    from freecell.storage import Storage

    moves = parse_moves(SOLUTION.read_text())
    game = Game(FREECELL, 1)
    for move in moves[:-LEFT_FOR_KEYS]:
        step = game.play(move)
        assert not isinstance(step, Refusal), step
    storage = Storage()
    storage.settings.update(lambda s: dataclasses.replace(s, reduce_motion=True, language=language))
    storage.save_game(game)

    piles = (
        [Pile.cell(i) for i in range(len(game.position.cells))]
        + [Pile.foundation(s) for s in range(4)]
        + [Pile.column(i) for i in range(len(game.position.columns))]
    )
    focus = 0  # the keyboard focus starts on free cell a

    def go(pile: Pile) -> list[str]:
        nonlocal focus
        target = piles.index(pile)
        steps = (target - focus) % len(piles)
        focus = target
        return ["Right"] * steps if steps <= len(piles) // 2 else ["Left"] * (len(piles) - steps)

    def pick_and_drop(move: Move) -> tuple[list[str], list[str]]:
        exact = check_move(game.position, game.variant, move)
        resolved = move if isinstance(exact, Refusal) else exact
        dest = Pile.foundation(0) if resolved.dest.is_foundation else resolved.dest
        assert (resolved.count or 1) == 1, "the scripted moves take one card"
        return [*go(resolved.source), "shift+space"], [*go(dest), "Return"]

    steps: list[list[str]] = [["d"], ["h"]]
    # a refusal: a card dropped where the rules do not let it go
    refused = next(
        Move(source, dest)
        for source in piles
        for dest in piles
        if source != dest
        and not source.is_foundation
        and _has_cards(game.position, source)
        and isinstance(check_move(game.position, game.variant, Move(source, dest)), Refusal)
    )
    pick, drop = pick_and_drop(refused)
    steps += [pick, drop]
    last = moves[-LEFT_FOR_KEYS:]
    if language == "system":
        pick, drop = pick_and_drop(last[0])
        steps += [pick, drop, ["u"]]
    for move in last:
        pick, drop = pick_and_drop(move)
        # the first card taken, in a step of its own where no undo came before: Orca
        # speaks a focus that settles, and within one step it may not (a loaded machine)
        alone = move == last[0] and language != "system"
        steps += [pick, drop] if alone else [pick + drop]
        game.play(move)
    return [" ".join(group) for group in steps]


def _has_cards(position: object, pile: object) -> bool:
    from freecell.ui.accessibility.text import pile_cards

    return bool(pile_cards(position, pile))  # type: ignore[arg-type]


# -- inside the private X server and session bus ----------------------------------------


def _speech_dispatcher_config(home: Path) -> None:
    config = home / ".config" / "speech-dispatcher"
    (config / "modules").mkdir(parents=True, exist_ok=True)
    (config / "speechd.conf").write_text(
        'LogLevel 3\nLogDir "default"\n'
        'AddModule "silent" "sd_generic" "silent.conf"\n'
        'DefaultModule silent\nLanguageDefaultModule "en" "silent"\n'
    )
    (config / "modules" / "silent.conf").write_text(
        'GenericExecuteSynth "true"\nGenericCmdDependency "true"\nAddVoice "en" "MALE1" "en"\n'
    )


def _orca_listening(orca: subprocess.Popen[bytes], timeout: float) -> bool:
    """Wait until Orca has registered its event listeners with AT-SPI (False at once
    when it has quit)."""
    from freecell.ui.accessibility.atspi_listeners import read_listeners

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and orca.poll() is None:
        found = read_listeners()
        if found is not None and found.readers:
            return True
        time.sleep(0.3)
    return False


def inside(python: str, work: Path, language: str = "system") -> int:
    home = work / "home"
    runtime = work / "runtime"
    for folder in (home, runtime, work / "orca-prefs"):
        folder.mkdir(parents=True, exist_ok=True)
    runtime.chmod(0o700)
    env = dict(os.environ, HOME=str(home), XDG_RUNTIME_DIR=str(runtime))
    os.environ.update(HOME=str(home), XDG_RUNTIME_DIR=str(runtime))
    _speech_dispatcher_config(home)
    groups = prepare_home(work / "freecell", language)
    log = work / "orca-debug.log"
    orca_script = shutil.which("orca") or "orca"
    orca_args = ["--disable", "braille", "-u", str(work / "orca-prefs"), "--debug-file", str(log)]
    interpreter = Path(orca_script).read_text().splitlines()[0].removeprefix("#!").split()
    orca = subprocess.Popen(
        [*interpreter, "-c", LAUNCH_ORCA, orca_script, str(log), *orca_args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    game = None
    try:
        if not _orca_listening(orca, 90):
            print(ORCA_ABSENT, file=sys.stderr)
            return 1
        game_env = dict(env, FREECELL_HOME=str(work / "freecell"))
        game_env.pop("QT_QPA_PLATFORM", None)  # a real X server here
        if language != "system":  # the environment says English; Preferences decide
            game_env.update(LANGUAGE="en", LC_ALL="C.UTF-8", LANG="C.UTF-8")
        with open(work / "game.log", "wb") as out:
            game = subprocess.Popen(
                [python, "-m", "freecell"], env=game_env, stdout=out, stderr=subprocess.STDOUT
            )
        window = subprocess.run(
            ["xdotool", "search", "--sync", "--onlyvisible", "--name", "FreeCell"],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout.split()[0]
        subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True, timeout=10)
        time.sleep(3)  # the window's first presentation, the solver's worker
        for group in groups:
            # at a player's pace: Orca presents each focus before the next key
            subprocess.run(["xdotool", "key", "--delay", "250", *group.split()], check=True)
            time.sleep(4 if group == "h" else 2)
            # and, on a loaded machine, until Orca has said it all: no step's speech
            # runs into the next one's keys
            _wait_until_said(log, quiet=1.0, most=15.0)
        _wait_until_quiet(log, quiet=3.0, most=30.0)  # the results panel, Orca's queue
        return 0
    finally:
        # The log is complete already (line-buffered, and quiet): Orca 43 here does not
        # end on SIGTERM at all (seen waiting 60 s), so it is given a moment, not 20 s.
        orca.send_signal(signal.SIGTERM)
        try:
            orca.wait(3)
        except subprocess.TimeoutExpired:
            orca.kill()
        if game is not None:
            game.terminate()
            try:
                game.wait(20)
            except subprocess.TimeoutExpired:
                game.kill()
        _stop_speech_dispatcher(runtime)


def _wait_until_still(measure: Callable[[], int], *, quiet: float, most: float) -> None:
    """Until ``measure`` has not changed for ``quiet`` seconds, ``most`` at the longest."""
    deadline = time.monotonic() + most
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        now = measure()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        time.sleep(0.2)


def _wait_until_quiet(log: Path, *, quiet: float, most: float) -> None:
    """Until Orca's debug log has not grown for ``quiet`` seconds."""
    _wait_until_still(lambda: log.stat().st_size if log.exists() else 0, quiet=quiet, most=most)


def _wait_until_said(log: Path, *, quiet: float, most: float) -> None:
    """Until Orca has spoken nothing new for ``quiet`` seconds (its debug log itself
    never rests: it notes the game's clock each second)."""
    _wait_until_still(lambda: len(spoken_lines(log)) if log.exists() else 0, quiet=quiet, most=most)


def _stop_speech_dispatcher(runtime: Path) -> None:
    """The speech-dispatcher Orca started (it outlives the session bus): asked to
    stop, then killed if it is still there after a few seconds."""
    pid_file = runtime / "speech-dispatcher" / "pid" / "speech-dispatcher.pid"
    with contextlib.suppress(OSError, ValueError, IndexError):
        pid = int(pid_file.read_text().split()[0])
        os.kill(pid, signal.SIGTERM)
        for _ in range(25):
            time.sleep(0.2)
            os.kill(pid, 0)  # raises once it is gone
        os.kill(pid, signal.SIGKILL)


# -- from the outside --------------------------------------------------------------------


def spoken_lines(log: Path) -> list[str]:
    """What Orca said: the text of each ``SPEECH OUTPUT: '...'`` line."""
    return [m.group(1) for m in SPOKEN.finditer(log.read_text(errors="replace"))]


def run(python: str, work: Path, language: str = "system") -> list[str]:
    """The whole session, the game in ``language`` (see :func:`prepare_home`); Orca's
    spoken lines (raises when the session failed).  The game's own output is left in
    ``work / "game.log"``."""
    command = ["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24", "dbus-run-session", "--"]
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)
    # Orca 43 that never registers with AT-SPI (seen on a loaded machine; most of
    # those were another session's Orca, see LAUNCH_ORCA) says nothing about the
    # game, so such a session is started afresh, once.
    command += [python, str(HERE), INSIDE, "--python", python, "--work", str(work)]
    command += ["--language", language]
    for _attempt in range(2):
        done = subprocess.run(command, env=env, timeout=300, capture_output=True, text=True)
        if ORCA_ABSENT not in done.stderr:
            break
        shutil.rmtree(work)  # the next session starts from nothing
        work.mkdir()
    log = work / "orca-debug.log"
    if done.returncode != 0 or not log.exists():
        raise RuntimeError(f"the Orca session failed ({done.returncode}): {done.stderr[-2000:]}")
    return spoken_lines(log)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--work", default="")
    parser.add_argument("--language", default="system", help="de, fr, ... (the game's)")
    parser.add_argument(INSIDE, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inside_session:
        return inside(args.python, Path(args.work), args.language)
    reason = missing()
    if reason:
        print(reason, file=sys.stderr)
        return 2
    work = Path(args.work or tempfile.mkdtemp(prefix="freecell-orca-"))
    for line in run(args.python, work, args.language):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
