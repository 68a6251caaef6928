"""Sounds: made by the project's own script, off by default, loaded only once
switched on, and each played at its moment (pick-up, drop, refusal, deal, win)."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import subprocess
import sys
import time
import wave
from pathlib import Path
from types import ModuleType

from freecell.engine import MoveCards, Pile
from freecell.engine.moves import Move
from freecell.storage.settings import SettingsStore
from ui_helpers import board, load, make_window

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "resources" / "sounds"
NAMES = ("pick-up", "drop", "refusal", "deal", "win")
WON_IN_ONE = board(["KS"], home="C-K D-K H-K S-Q")


def _maker() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_sounds", ROOT / "packaging" / "sounds" / "make_sounds.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _frames(path: Path) -> tuple[wave._wave_params, list[int]]:
    with wave.open(str(path)) as w:
        params = w.getparams()
        raw = w.readframes(w.getnframes())
    return params, [
        int.from_bytes(raw[i : i + 2], "little", signed=True) for i in range(0, len(raw), 2)
    ]


def test_the_shipped_sounds_are_what_the_script_makes(tmp_path: Path) -> None:
    made = _maker().write(tmp_path)
    assert sorted(p.name for p in made) == sorted(f"{n}.wav" for n in NAMES)
    assert sorted(p.name for p in SHIPPED.glob("*.wav")) == sorted(f"{n}.wav" for n in NAMES)
    for path in made:
        params, frames = _frames(path)
        shipped_params, shipped = _frames(SHIPPED / path.name)
        assert params == shipped_params
        # (a libm may round one sample a step the other way)
        assert max(abs(a - b) for a, b in zip(frames, shipped, strict=True)) <= 1


def test_each_sound_is_short_soft_and_begins_and_ends_in_silence() -> None:
    longest = {"pick-up": 0.15, "drop": 0.15, "refusal": 0.5, "deal": 0.6, "win": 1.5}
    for name in NAMES:
        params, frames = _frames(SHIPPED / f"{name}.wav")
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
        assert 0.03 < params.nframes / params.framerate <= longest[name], name
        peak = max(abs(f) for f in frames)
        assert 0.3 * 32767 < peak <= 0.55 * 32767, name  # heard, never clipped
        assert abs(frames[0]) < 200 and abs(frames[-1]) < 200, name  # no click


def test_sound_is_off_by_default_and_old_files_keep_working(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    # a file written before sound and appearance existed
    path.write_text(json.dumps({"version": 1, "theme": "four-colour", "large_print": True}))
    loaded = SettingsStore(path).load()
    assert (loaded.sound, loaded.appearance) == (False, "system")
    assert (loaded.theme, loaded.large_print) == ("four-colour", True)
    # wrong values fall back one by one; good ones are kept and saved
    path.write_text(json.dumps({"version": 1, "sound": "yes", "appearance": "purple"}))
    assert (SettingsStore(path).load().sound, SettingsStore(path).load().appearance) == (
        False,
        "system",
    )
    store = SettingsStore(path)
    store.update(lambda s: dataclasses.replace(s, sound=True, appearance="dark"))
    assert (store.load().sound, store.load().appearance) == (True, "dark")


CHILD = """
import sys
from freecell.core import Session
from freecell.storage import Settings
from PySide6.QtWidgets import QApplication
from freecell.ui.shell.main_window import MainWindow
app = QApplication([])
window = MainWindow(Session(Settings(), deal_number=1))
window.show()
window.ready()
for _ in range(20):
    app.processEvents()
def sound_modules():
    return sorted(m for m in sys.modules if m.startswith("freecell.ui.sound"))
print("off:", sound_modules(), window.sounds)
window.session.change_settings(sound=True)
print("on:", sound_modules(), type(window.sounds).__name__)
window.session.change_settings(sound=False)
print("off again:", window.sounds)
"""


def test_nothing_of_sound_is_loaded_until_it_is_switched_on(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FREECELL_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "off: [] None"
    assert lines[1].startswith("on: ['freecell.ui.sound', 'freecell.ui.sound.effects'")
    assert lines[1].endswith("SoundEffects")
    assert lines[2] == "off again: None"


class _Heard:
    """A player that keeps what it was asked to play."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.available = True

    def play(self, wav: Path) -> bool:
        assert wav.is_file()
        self.played.append(wav.stem)
        return True

    def close(self) -> None:
        pass


def test_each_sound_plays_at_its_moment(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, sound=True, confirm_abandon=False)  # (no question)
    assert window.sounds is not None  # made right after the first paint
    heard = _Heard()
    window.sounds.player = heard  # type: ignore[assignment]
    controller = window.controller
    column = next(i for i, c in enumerate(window.bus.game.position.columns) if c)
    controller.select(Pile.column(column), len(window.bus.game.position.columns[column]) - 1)
    assert heard.played == ["pick-up"]
    controller.clear_selection()
    window.dispatch(MoveCards(Move(Pile.column(column), Pile.cell(0), 1)))
    assert heard.played[-1] == "drop"
    window.dispatch(MoveCards(Move(Pile.column(column), Pile.foundation(0), 1)))
    assert heard.played[-1] == "refusal"
    window.new_deal()
    assert heard.played[-1] == "deal"
    load(window, WON_IN_ONE)
    window.dispatch(MoveCards(Move(Pile.column(0), Pile.foundation(3), 1)))
    assert heard.played[-2:] == ["drop", "win"]
    window.session.change_settings(sound=False)
    assert window.sounds is None
    window.new_deal()
    assert heard.played[-1] == "win"  # nothing more once switched off


def test_the_player_plays_in_the_background_and_never_piles_up(tmp_path: Path) -> None:
    from freecell.ui.sound.player import MAX_PLAYING, Player

    wav = SHIPPED / "drop.wav"
    marks = tmp_path / "marks"
    marks.mkdir()
    script = (
        "import sys, time, pathlib, os; "
        f"pathlib.Path({str(marks)!r}, str(os.getpid())).write_text(sys.argv[1]); time.sleep(30)"
    )
    player = Player([sys.executable, "-c", script])
    assert player.available
    started = time.monotonic()
    assert all(player.play(wav) for _ in range(MAX_PLAYING))
    assert not player.play(wav)  # a fourth while three still play: dropped
    assert time.monotonic() - started < 5  # (never waits for a sound to end)
    deadline = time.monotonic() + 20
    while len(list(marks.iterdir())) < MAX_PLAYING and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [p.read_text() for p in marks.iterdir()] == [str(wav)] * MAX_PLAYING
    player.close()  # stops them
    assert player.play(wav)
    player.close()
    assert not Player([str(tmp_path / "no-such-player")]).play(wav)
