"""freecell-cli in the player's language: --help (argparse's own words too) and its
errors, while a correct command line loads no catalogue and no Babel."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from freecell import i18n
from freecell.i18n import _
from freecell.i18n.commandline import display_width
from freecell.i18n.languages import SHIPPED


def cli(language: str, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANGUAGE": language, "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, "-m", "freecell.cli", *argv], capture_output=True, text=True, env=env
    )


def words(language: str, message: str) -> str:
    """``message`` as the catalogue of ``language`` says it (not English)."""
    i18n.set_language(language)
    try:
        said = _(message)
    finally:
        i18n.set_language("en")
    assert said != message, f"{message!r} has no {language} translation"
    return said


@pytest.mark.parametrize("language", ["de", "ja"])
def test_help_speaks_the_language_argparse_words_included(language: str) -> None:
    result = cli(language, "--help")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for message in ("usage: ", "options", "show this help message and exit"):
        assert words(language, message) in out
    assert words(language, "print deal N in Freecell Solver's board format") in out
    assert "usage:" not in out and "show this help" not in out
    assert all(display_width(line) <= 80 for line in out.splitlines()), out


@pytest.mark.parametrize("language", ["de", "ja"])
def test_every_subcommands_help_is_translated(language: str) -> None:
    result = cli(language, "solve", "--help")
    assert result.returncode == 0, result.stderr
    assert words(language, "print one JSON object") in result.stdout
    assert words(language, "positional arguments") in result.stdout
    assert all(display_width(line) <= 80 for line in result.stdout.splitlines()), result.stdout


@pytest.mark.parametrize("language", ["de", "ja"])
def test_argparse_errors_are_one_translated_line_and_exit_2(language: str) -> None:
    result = cli(language, "board")
    assert result.returncode == 2 and result.stdout == ""
    required = words(language, "the following arguments are required: %s") % "deal"
    assert result.stderr == words(language, "%(prog)s: error: %(message)s\n") % {
        "prog": "freecell-cli board",
        "message": required,
    }
    wrong = cli(language, "solve", "--mode", "slow", "1")
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1
    assert words(language, "invalid choice: %(value)r (choose from %(choices)s)").split("%")[0] in (
        wrong.stderr
    )


def test_english_is_argparses_own_and_one_line() -> None:
    result = cli("en", "rate", "--jobs", "x", "1")
    assert result.returncode == 2
    assert result.stderr == "freecell-cli rate: error: argument --jobs: invalid int value: 'x'\n"


def test_the_pseudo_locales_usage_line_and_error_line_keep_their_spacing() -> None:
    from freecell.i18n.pseudo import decorate

    usage = cli("pseudo", "--help").stdout
    assert usage.startswith(decorate("usage: ") + "freecell-cli [-h]"), usage
    error = cli("pseudo", "board")
    assert error.returncode == 2
    assert error.stderr.startswith("[freecell-cli board: ") and error.stderr.endswith("]\n")
    assert error.stderr.count("\n") == 1, error.stderr


@pytest.mark.parametrize("language", ["en", "de", "ja"])
def test_a_correct_command_line_loads_no_catalogue_and_no_babel(language: str) -> None:
    code = (
        "import sys\n"
        "from freecell.cli import main\n"
        "assert main(['board', '1']) == 0\n"
        "loaded = [m for m in sys.modules if m.startswith(('babel', 'freecell.i18n.catalogue'))]\n"
        "assert not loaded, loaded\n"
    )
    env = {**os.environ, "LANGUAGE": language}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr


def test_what_the_commands_print_for_a_reader_is_translated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from freecell.cli import main

    i18n.set_language("de")
    assert main(["solve", "1", "--timeout", "30"]) == 0
    lines = capsys.readouterr().out.splitlines()
    n = len(lines[1].split())
    assert lines[0] == i18n.ngettext("solved in {n} move", "solved in {n} moves", n).format(n=n)
    assert lines[2].startswith(_("states: {n}").split("{")[0]) and "states" not in lines[2]
    assert main(["plugins"]) == 0
    head = capsys.readouterr().out.splitlines()[0].split()
    assert head[0] == i18n.pgettext("plugins table", "PLUGIN") != "PLUGIN"


def test_rate_says_a_damaged_or_unwritable_out_file_in_one_translated_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import zlib

    from freecell.analysis import ratings as rating_data
    from freecell.analysis.difficulty import rate_deal
    from freecell.cli import main

    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(b"garbage")
    rating_data.write(tmp_path / "good.bin", {1: rate_deal(1), 2: rate_deal(2)})
    short = tmp_path / "short.bin"
    short.write_bytes(zlib.compress(zlib.decompress((tmp_path / "good.bin").read_bytes())[:-2]))
    i18n.set_language("de")
    try:
        assert main(["rate", "1", "--out", str(garbage), "--resume"]) == 2
        assert capsys.readouterr().err == (
            f"freecell-cli: Fehler: {garbage}: sie ist keine Bewertungsdatei\n"
        )
        assert main(["rate", "1", "--out", str(short), "--resume"]) == 2
        assert capsys.readouterr().err == (
            f"freecell-cli: Fehler: {short}: die Bewertungsdatei ist abgeschnitten\n"
        )
        # a folder is said at once, before any deal is rated: one line, not a traceback
        assert main(["rate", "1", "--out", str(tmp_path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"freecell-cli: Fehler: {tmp_path} kann nicht geschrieben werden: ")
        assert err.count("\n") == 1
    finally:
        i18n.set_language("en")
    assert garbage.read_bytes() == b"garbage"  # left as it was


def test_the_game_says_an_unknown_variant_in_the_players_language(tmp_path: Path) -> None:
    env = {**os.environ, "LANGUAGE": "de", "FREECELL_HOME": str(tmp_path)}
    result = subprocess.run(
        [sys.executable, "-m", "freecell", "--variant", "nope"],
        capture_output=True,
        text=True,
        env={**env, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert result.returncode == 2
    known = "freecell, freecell-3"
    said = f"freecell: Fehler: unbekannte Variante 'nope' (bekannt: {known}"
    assert result.stderr.startswith(said) and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.parametrize("language", ["en", *SHIPPED])
def test_help_wraps_where_a_reader_breaks_and_never_inside_an_id(
    language: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from freecell.cli import main
    from freecell.engine import BUILTIN_VARIANTS

    ids = ["freecell-cli", *(variant.id for variant in BUILTIN_VARIANTS)]
    i18n.set_language(language)
    try:
        for width in range(40, 101, 3):
            monkeypatch.setenv("COLUMNS", str(width))
            with pytest.raises(SystemExit):
                main(["board", "--help"])
            text = capsys.readouterr().out
            lines = text.splitlines()
            words = text.split()
            for name in ids:  # whole on one line, as it is typed
                assert any(name in word for word in words), (width, name, text)
            assert not [line for line in lines if line.lstrip()[:1] in ("、", "。", "）")]  # noqa: RUF001
    finally:
        i18n.set_language("en")


def test_wide_text_breaks_between_characters_and_keeps_words_whole() -> None:
    from freecell.i18n.commandline import wrap

    text = "バリエーションの ID（freecell, freecell-3, eight-off、または有効なプラグインのもの）"  # noqa: RUF001
    for width in range(12, 40):
        lines = wrap(text, width)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")  # nothing lost
        # closing punctuation may hang past the edge rather than start a line
        assert all(display_width(line.rstrip("、。）")) <= width for line in lines)  # noqa: RUF001
        assert all(any(name in line for line in lines) for name in ("freecell-3", "eight-off"))
        assert not [line for line in lines[1:] if line[0] in "、）"]  # noqa: RUF001
        assert not [line for line in lines[:-1] if line[-1] == "（"]  # noqa: RUF001
    assert wrap("a " + "x" * 30 + " b", 10) == ["a", "x" * 30, "b"]  # too long: whole


def test_a_timeout_that_is_not_positive_is_said_as_the_reader_writes_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from freecell.cli import main

    i18n.set_language("de")
    assert main(["solve", "1", "--timeout", "-2.5"]) == 2
    said = _("--timeout must be a positive number of seconds, not {text}").format(text="-2,5")
    assert capsys.readouterr().err.strip().endswith(said)


def test_the_plugins_table_lines_up_in_japanese(capsys: pytest.CaptureFixture[str]) -> None:
    """Columns are padded by the terminal columns a text takes, so a row of Japanese
    words (two columns a character) starts each column where the ASCII rows do."""
    from freecell.cli import main

    i18n.set_language("ja")
    assert main(["plugins"]) == 0
    lines = capsys.readouterr().out.splitlines()
    starts = set()
    for line in lines:
        # the cells are separated by two spaces or more, the last one may hold spaces
        gaps = list(re.finditer(r" {2,}", line))[:5]
        starts.add(tuple(display_width(line[: gap.end()]) for gap in gaps))
    assert len(starts) == 1, lines
    assert any(display_width(line) > len(line) for line in lines)  # wide text was there
