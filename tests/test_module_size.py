"""No module of the package or of the built-in plugins is over 500 lines: a module
that grows past it is split by responsibility (issue 37)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 500


def test_no_module_is_over_500_lines() -> None:
    modules = [*(ROOT / "app" / "freecell").rglob("*.py"), *(ROOT / "plugins").rglob("*.py")]
    assert len(modules) > 100  # the package was found
    too_long = {
        str(path.relative_to(ROOT)): lines
        for path in modules
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert too_long == {}
