"""Play a short WAV without waiting for it, at almost no cost (docs/sound.md).

Linux and the BSDs have a command-line player in every sound stack: PipeWire's
``pw-play``, PulseAudio's ``paplay`` (PipeWire answers it too), ALSA's ``aplay``;
macOS has ``afplay``; Windows plays a WAV with the standard library's
``winsound``.  A player is a child process that lives as long as its sound; one
more sound while :data:`MAX_PLAYING` still play is dropped (a run of auto-play
moves does not stack a chorus).  Where no player is found, nothing is played and
:attr:`Player.available` says so.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

PLAYERS: tuple[tuple[str, ...], ...] = (
    ("pw-play",),
    ("paplay",),
    ("aplay", "-q"),
    ("afplay",),
)
"""The commands tried, first found first; the WAV's path is added."""

MAX_PLAYING = 3


def find_command() -> list[str] | None:
    """The first player on PATH, with its options, or None."""
    for command in PLAYERS:
        found = shutil.which(command[0])
        if found is not None:
            return [found, *command[1:]]
    return None


class Player:
    """Plays WAV files, each in the background."""

    def __init__(self, command: list[str] | None = None) -> None:
        self._windows = sys.platform == "win32" and command is None
        self._command = command if command is not None or self._windows else find_command()
        self._playing: list[subprocess.Popen[bytes]] = []

    @property
    def available(self) -> bool:
        """Whether this computer has a way to play a sound."""
        return self._windows or self._command is not None

    def play(self, wav: Path) -> bool:
        """Start ``wav``; False when it was not started (no player, too many at once,
        or the player could not be run)."""
        if self._windows:
            _play_on_windows(wav)
            return True
        if self._command is None:
            return False
        self._playing = [p for p in self._playing if p.poll() is None]
        if len(self._playing) >= MAX_PLAYING:
            return False
        try:
            process = subprocess.Popen(
                [*self._command, str(wav)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,  # (a Ctrl+C in the terminal is the game's alone)
            )
        except OSError:
            self._command = None  # removed since it was found: stop trying
            return False
        self._playing.append(process)
        return True

    def close(self) -> None:
        """Stop what still plays (the game is closing, or sound was switched off)."""
        for process in self._playing:
            if process.poll() is None:
                process.terminate()
        for process in self._playing:
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                process.kill()
        self._playing.clear()


def _play_on_windows(wav: Path) -> None:
    if sys.platform == "win32":  # (mypy checks this branch only for Windows)
        import winsound

        flags = winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT
        winsound.PlaySound(str(wav), flags)
