"""Synthesise the game's sounds: pick-up, drop, refusal, deal and win.

Every sound the game plays is made here, from sine waves and seeded noise, with the
standard library alone: nothing is recorded or copied.  The WAVs are shipped as
resources (the repository's ``resources/sounds/``); run this again after changing a
sound, and commit the WAVs with it (tests/test_sounds.py checks that this script
still makes exactly the shipped files).

    python packaging/sounds/make_sounds.py [FOLDER]

16-bit mono at 22,050 Hz: a card's click needs no more, and the five together are
some 90 KB.  Each starts and ends at silence (a few milliseconds' fade), peaks
well under full scale, and is short: a sound that outlasts its move gets in the way.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Iterable
from pathlib import Path

RATE = 22_050
PEAK = 0.5  # of full scale: under the desktop's other sounds, never clipped
FADE_S = 0.004
OUT = Path(__file__).resolve().parents[2] / "resources" / "sounds"

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def _noise(seconds: float, seed: int) -> Samples:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def _band(samples: Samples, low_hz: float, high_hz: float) -> Samples:
    """A soft band-pass: one pole of low-pass above ``high_hz``, then one of
    high-pass below ``low_hz`` (paper and felt, not hiss)."""
    a = math.exp(-2 * math.pi * high_hz / RATE)
    b = math.exp(-2 * math.pi * low_hz / RATE)
    low = 0.0
    out: Samples = []
    previous_in = previous_out = 0.0
    for x in samples:
        low = (1 - a) * x + a * low
        high = b * (previous_out + low - previous_in)
        previous_in, previous_out = low, high
        out.append(high)
    return out


def _decay(samples: Samples, seconds: float) -> Samples:
    """An exponential fall to 1/e in ``seconds``."""
    return [x * math.exp(-i / (seconds * RATE)) for i, x in enumerate(samples)]


def _tone(hz: float, seconds: float, partials: Iterable[tuple[float, float]] = ()) -> Samples:
    """A sine at ``hz`` with (multiple, level) overtones: a soft bell or marimba."""
    parts = [(1.0, 1.0), *partials]
    step = 2 * math.pi * hz / RATE
    return [
        sum(level * math.sin(step * multiple * i) for multiple, level in parts)
        for i in range(round(seconds * RATE))
    ]


def _mix(*layers: tuple[float, Samples]) -> Samples:
    """Each (start in seconds, samples) added into one."""
    end = max(round(start * RATE) + len(s) for start, s in layers)
    out = [0.0] * end
    for start, samples in layers:
        first = round(start * RATE)
        for i, x in enumerate(samples):
            out[first + i] += x
    return out


def _finish(samples: Samples) -> Samples:
    """Fade in and out, and scale to :data:`PEAK`."""
    fade = round(FADE_S * RATE)
    n = len(samples)
    shaped = [
        x * min(1.0, i / fade, (n - 1 - i) / fade) if fade else x for i, x in enumerate(samples)
    ]
    loudest = max(abs(x) for x in shaped) or 1.0
    return [x * PEAK / loudest for x in shaped]


def _click(seed: int, seconds: float, low: float, high: float, fall: float) -> Samples:
    return _decay(_band(_noise(seconds, seed), low, high), fall)


def pick_up() -> Samples:
    """A light, short slide of card on card."""
    swish = _click(1, 0.07, 1500, 6000, 0.018)
    tick = _decay(_tone(2300, 0.03), 0.006)
    return _finish(_mix((0.0, swish), (0.0, [0.25 * x for x in tick])))


def drop() -> Samples:
    """A card laid down: a soft tap with a little body."""
    tap = _click(2, 0.09, 300, 3500, 0.02)
    body = _decay(_tone(190, 0.09, [(2.0, 0.3)]), 0.025)
    return _finish(_mix((0.0, tap), (0.0, [0.6 * x for x in body])))


def refusal() -> Samples:
    """Not there: two low, soft notes falling a fourth (a "no", not an alarm)."""
    first = _decay(_tone(392, 0.16, [(2.0, 0.2)]), 0.07)
    second = _decay(_tone(294, 0.2, [(2.0, 0.2)]), 0.08)
    return _finish(_mix((0.0, first), (0.11, second)))


def deal() -> Samples:
    """Cards dealt out: a quick riffle of taps, a little uneven as a hand is."""
    rng = random.Random(3)
    layers = []
    start = 0.0
    for n in range(9):
        tap = _click(10 + n, 0.05, 900, 5000, 0.01)
        layers.append((start, [x * rng.uniform(0.6, 1.0) for x in tap]))
        start += rng.uniform(0.028, 0.04)
    return _finish(_mix(*layers, (start + 0.05, _silence(0.01))))


def win() -> Samples:
    """A rising major arpeggio on a soft bell, C E G C, the last one ringing."""
    notes = (523.25, 659.25, 783.99, 1046.5)
    bell = [(2.0, 0.35), (3.0, 0.12), (4.2, 0.05)]
    layers = [
        (0.12 * i, _decay(_tone(hz, 0.9 if i == 3 else 0.45, bell), 0.35 if i == 3 else 0.16))
        for i, hz in enumerate(notes)
    ]
    return _finish(_mix(*layers))


SOUNDS: dict[str, Callable[[], Samples]] = {
    "pick-up": pick_up,
    "drop": drop,
    "refusal": refusal,
    "deal": deal,
    "win": win,
}


def wav_bytes(samples: Samples) -> bytes:
    """16-bit little-endian PCM frames."""
    return b"".join(struct.pack("<h", round(x * 32767)) for x in samples)


def write(folder: Path) -> list[Path]:
    """Write every sound into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = folder / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(wav_bytes(make()))
        written.append(path)
    return written


if __name__ == "__main__":
    for made in write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(made, made.stat().st_size, "bytes")
