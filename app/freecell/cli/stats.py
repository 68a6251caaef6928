"""``freecell-cli stats``: registered here, made in :mod:`freecell.cli.history`."""

from __future__ import annotations

import argparse

from freecell.cli.history import register_stats


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    register_stats(sub)
