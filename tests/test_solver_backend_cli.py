"""``freecell-cli solve --backend`` and ``rate --backend`` with a plugin's backend."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from backend_plugin import MARKER_SOURCE, MARKER_STATES, marker_move
from freecell.cli import main
from freecell.engine import FREECELL, deal
from plugin_helpers import FakeSite, fake_site


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def markers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Iterator[FakeSite]:
    for site in fake_site(tmp_path, monkeypatch):
        site.install("freecell-markers", "freecell_markers", MARKER_SOURCE, entry_name="markers")
        assert main(["plugins", "--enable", "markers"]) == 0
        capsys.readouterr()
        yield site


def test_solve_answers_with_the_plugin_backend(
    markers: FakeSite, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "solve", "5", "--backend", "marker", "--json")
    assert code == 0 and err == ""
    assert json.loads(out) == {
        "verdict": "unknown",
        "moves": [],
        "states": MARKER_STATES,
        "seconds": 0.001,
    }
    code, out, _ = run(capsys, "solve", "5", "--backend", "marker")
    assert f"suggested move: {marker_move(deal(5, FREECELL), FREECELL).notation}" in out


def test_a_failing_plugin_backend_warns_and_the_built_in_answers(
    markers: FakeSite, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "solve", "1", "--backend", "marker-raises", "--json")
    assert code == 0 and json.loads(out)["verdict"] == "solved"
    assert err == (
        "freecell-cli: warning: The solver Raising Solver failed (RuntimeError: the "
        "marker solver broke); the built-in solver answered instead.\n"
    )


def test_a_plugin_backend_that_is_off_or_unavailable_is_one_line(
    markers: FakeSite, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "solve", "1", "--backend", "marker-missing")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "solver backend 'marker-missing' is not available here" in err
    assert main(["plugins", "--disable", "markers"]) == 0
    capsys.readouterr()
    code, _, err = run(capsys, "solve", "1", "--backend", "marker")
    assert code == 2 and "unknown solver backend 'marker' (known: builtin, fc-solve)" in err


def test_rate_with_a_plugin_backend(markers: FakeSite, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rate", "3-4", "--backend", "marker", "--json")
    assert code == 0 and err == ""
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["deal"] for r in records] == [3, 4]
    assert all(r["states"] == MARKER_STATES and r["rating"] == "Unrated" for r in records)
    code, out, err = run(capsys, "rate", "3", "--backend", "marker-raises", "--json")
    assert code == 0 and "deal 3: The solver Raising Solver failed" in err
    assert json.loads(out)["states"] != MARKER_STATES


def test_rate_out_is_made_by_the_built_in_only(
    markers: FakeSite, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(
        capsys, "rate", "3", "--backend", "marker", "--out", str(tmp_path / "r.bin")
    )
    assert code == 2 and out == "" and "--out writes the game's ratings table" in err
    assert not (tmp_path / "r.bin").exists()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_rate_goes_on_when_the_plugin_backend_crashes(
    markers: FakeSite, capsys: pytest.CaptureFixture[str], jobs: str
) -> None:
    """The backend kills the process it runs in: one line per deal, the built-in
    rates it, every deal is rated and the command ends as usual."""
    code, out, err = run(
        capsys, "rate", "3-4", "--backend", "marker-crashes", "--json", "--jobs", jobs
    )
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["deal"] for r in records] == [3, 4]
    assert all(r["states"] != MARKER_STATES and r["rating"] != "Unrated" for r in records)
    lines = err.splitlines()
    assert len(lines) == 2 and "Traceback" not in err
    for number, line in zip((3, 4), lines, strict=True):
        assert line == (
            f"freecell-cli: warning: deal {number}: The solver Crashing Solver stopped "
            "working (its process ended); the built-in solver answered instead."
        )
