"""``freecell-cli rate``: ratings printed, written as the packed table, in a pool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from freecell.analysis import ratings as rating_data
from freecell.analysis.difficulty import rate_deal
from freecell.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rate_prints_one_json_line_per_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", "2-3", "--json")
    assert code == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["deal"] for r in records] == [2, 3]
    for record in records:
        expected = rate_deal(record["deal"])
        assert record["rating"] == expected.label
        assert record["length"] == expected.length and record["states"] == expected.states


def test_rate_writes_the_table_with_a_process_pool(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out_file = tmp_path / "ratings.bin"
    code, _, err = run(capsys, "rate", "1-4", "--jobs", "2", "--out", str(out_file))
    assert code == 0 and "rated 4 deals" in err
    table = rating_data.read(out_file)
    assert {n for n, _ in table.rated()} == {1, 2, 3, 4}
    assert table.get(2) == rate_deal(2)
    # --resume rates only what is missing
    code, _, err = run(capsys, "rate", "1-5", "--out", str(out_file), "--resume")
    assert code == 0 and "rated 1 deal " in err
    assert rating_data.read(out_file).get(5) == rate_deal(5)


@pytest.mark.parametrize("deals", ["0-3", "x", "5-2", "1-99999999999"])
def test_bad_ranges_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], deals: str) -> None:
    code, out, err = run(capsys, "rate", deals)
    assert code == 2 and out == ""
    assert err.startswith("freecell-cli: error: ") and err.count("\n") == 1


def test_rate_lines_are_in_the_players_words_and_json_keeps_the_codes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from freecell.analysis.difficulty import Difficulty, Rating
    from freecell.cli.rate import rating_line
    from freecell.i18n import set_language

    set_language("de")
    try:
        solved = rating_line(617, Rating(Difficulty.HARD, 92, 12345))
        stuck = rating_line(5, Rating(Difficulty.UNKNOWN, None, 1))
        code, out, _ = run(capsys, "rate", "2", "--json")
    finally:
        set_language("en")
    assert solved == "617\tSchwer\t92 Züge\tStellungen: 12.345"
    assert stuck == "5\tNicht bewertet\tkein Gewinnweg\tStellungen: 1"
    assert code == 0 and json.loads(out)["rating"] == rate_deal(2).label  # the English code
    assert rating_line(1, Rating(Difficulty.EASY, 1, 2)) == "1\tEasy\t1 move\tstates: 2"
