"""Entry script of the PyInstaller bundle: the ``freecell`` GUI, plus the hidden
``--self-check`` that CI runs on the built folder.

``multiprocessing.freeze_support()`` comes first: the solver's worker process is
started with ``spawn``, which in a bundle re-runs this very executable with
multiprocessing's arguments; freeze_support turns that run into the worker
instead of a second game window.
"""

from __future__ import annotations

import multiprocessing
import sys


def run() -> int:
    multiprocessing.freeze_support()
    if sys.argv[1:] == ["--self-check"]:
        from freecell.launch import self_check

        return self_check()
    from freecell.__main__ import main
    from freecell.launch import prepare

    prepare()
    return main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(run())
