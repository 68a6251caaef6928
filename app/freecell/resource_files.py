"""The files the game ships beside its code -- the window icon, the shipped deal
ratings: the repository's root ``resources/`` folder, installed (wheel, editable
install, PyInstaller app) as the data package ``freecell.resources``.

Every read goes through here, with :mod:`importlib.resources`, never by a path into a
checkout, so a wheel and an app read exactly what a source tree does.
"""

from __future__ import annotations

from importlib import resources

PACKAGE = "freecell.resources"

ICON = ("icons", "freecell.svg")
RATINGS = ("ratings", "microsoft.bin")


def read_bytes(parts: tuple[str, ...]) -> bytes:
    """A shipped file's bytes, named by its path inside ``resources/``."""
    place = resources.files(PACKAGE)
    for part in parts:  # one step at a time: a namespace package's path takes one name
        place = place / part
    return place.read_bytes()
