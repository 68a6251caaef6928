"""The files the game ships beside its code -- the window icon, the shipped deal
ratings: the repository's root ``resources/`` folder, installed (wheel, editable
install, PyInstaller app) as the data package ``freecell.resources``.

Every read goes through here, with :mod:`importlib.resources`, never by a path into a
checkout, so a wheel and an app read exactly what a source tree does.
"""

from __future__ import annotations

import contextlib
from importlib import resources
from pathlib import Path

PACKAGE = "freecell.resources"

ICON = ("icons", "freecell.svg")
RATINGS = ("ratings", "microsoft.bin")


def sound(name: str) -> tuple[str, ...]:
    """A shipped sound (``pick-up``, ``drop``, ``refusal``, ``deal``, ``win``)."""
    return ("sounds", f"{name}.wav")


_EXTRACTED = contextlib.ExitStack()  # files taken out of an archive, kept till exit


def read_bytes(parts: tuple[str, ...]) -> bytes:
    """A shipped file's bytes, named by its path inside ``resources/``."""
    place = resources.files(PACKAGE)
    for part in parts:  # one step at a time: a namespace package's path takes one name
        place = place / part
    return place.read_bytes()


def on_disk(parts: tuple[str, ...]) -> Path:
    """A shipped file as a path another program can open (a sound player): the
    file itself where the package is on disk, else a copy made once."""
    place = resources.files(PACKAGE)
    for part in parts:
        place = place / part
    if isinstance(place, Path):
        return place
    return Path(_EXTRACTED.enter_context(resources.as_file(place)))
