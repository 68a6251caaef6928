"""What start-up gives back once it has settled (freecell.launch.memory)."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

import pytest

from freecell.launch import memory


def test_module_sources_are_forgotten_and_read_again_when_needed(tmp_path: Path) -> None:
    source = tmp_path / "some_module.py"
    source.write_text("first = 1\nsecond = 2\n", encoding="utf-8")
    assert linecache.getline(str(source), 2) == "second = 2\n"
    assert str(source) in linecache.cache

    assert memory.forget_module_sources() >= 1

    assert str(source) not in linecache.cache
    # a traceback's lines are read from the file again
    assert linecache.getline(str(source), 1) == "first = 1\n"


def test_lines_registered_for_generated_code_are_kept() -> None:
    """Code made at run time (no file) registers its lines with no time: those
    cannot be read again, so they stay."""
    name = "<generated freecell test>"
    linecache.cache[name] = (10, None, ["made = True\n"], name)
    try:
        memory.forget_module_sources()
        assert linecache.getline(name, 1) == "made = True\n"
    finally:
        linecache.cache.pop(name, None)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_the_c_heap_is_trimmed_on_glibc() -> None:
    if not memory._is_glibc():
        pytest.skip("not a glibc system")
    assert memory.trim_c_heap() is True


def test_without_malloc_trim_nothing_is_trimmed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memory, "_malloc_trim", lambda: None)
    assert memory.trim_c_heap() is False
    memory.release_start_up_memory()  # still forgets the sources, and says nothing
