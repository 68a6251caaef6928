"""Under the pseudo-locale, what ``freecell-cli`` prints for a reader -- the
``plugins`` table, ``--help`` of every command and argparse's own errors -- is
decorated: no English word escaped the catalogue.

What a command line takes is not a word and is taken out first: the program's and
the commands' names, options, metavars, choices, a plugin's name, an id, and what
the user typed (quoted back).  See docs/translating.md.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from freecell import i18n
from freecell.cli import build_parser, main
from freecell.engine import BUILTIN_VARIANTS
from test_i18n_pseudo import untranslated

# cards decks found on the desktop are named by their makers, in no catalogue
_DESKTOP_DECKS = ("kde-", "aisleriot-")


@pytest.fixture
def pseudo_cli() -> Iterator[None]:
    i18n.set_language("pseudo")
    yield
    i18n.set_language("en")


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _parsers(sub)


def _names() -> set[str]:
    """Every name a command line takes, longest first when removed."""
    names = {"freecell-cli", "freecell", *(variant.id for variant in BUILTIN_VARIANTS)}
    for parser in _parsers(build_parser()):
        names.add(parser.prog.split()[-1])
        for action in parser._actions:
            names.update(action.option_strings)
            names.update(str(m) for m in (action.metavar, action.dest) if m)
            names.update(str(c) for c in action.choices or ())
    return names


def _without_names(text: str, names: set[str]) -> str:
    # typed back, choices, and an id's syntax ("custom-<N>cells-...-<build>-<empty>")
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\{[^{}]*\}|<\w+>", " ", text)
    for name in sorted(names, key=len, reverse=True):
        text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", text)
    return text


def test_the_plugins_table_is_in_the_players_words(
    pseudo_cli: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["plugins"]) == 0
    lines = capsys.readouterr().out.splitlines()
    texts = [("heading", cell) for cell in re.split(r"\s{2,}", lines[0].strip())]
    for line in lines[1:]:
        # PLUGIN and ID are what --enable and --variant take
        _plugin, source, status, kind, item, *name = re.split(r"\s{2,}", line.strip())
        texts += [(f"{item} source", source), (f"{item} status", status)]
        texts.append((f"{item} kind", kind))
        if not item.startswith(_DESKTOP_DECKS):
            texts += [(f"{item} name", " ".join(name))]
    assert len(lines) > 8 and [t for t in texts if "standard" in t[0]]
    assert untranslated(texts) == []


def test_every_commands_help_is_in_the_players_words(
    pseudo_cli: None, capsys: pytest.CaptureFixture[str]
) -> None:
    names = _names()
    texts = []
    for parser in _parsers(build_parser()):
        command = parser.prog.split()[1:] or [""]
        with pytest.raises(SystemExit) as done:
            main([*filter(None, command), "--help"])
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.strip(), parser.prog
        texts += [
            (f"{parser.prog}: {line}", _without_names(line, names)) for line in out.splitlines()
        ]
    assert len(texts) > 60
    assert untranslated(texts) == []


@pytest.mark.parametrize(
    "argv",
    [
        ["bogus"],
        ["board"],
        ["board", "1", "2"],
        ["board", "--nope", "1"],
        ["plugins", "--enable"],
        ["solve", "1", "--timeout", "soon"],
        ["rate", "--jobs", "many", "1"],
    ],
)
def test_argparses_own_errors_are_in_the_players_words(
    pseudo_cli: None, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    try:
        code = main(argv)
    except SystemExit as done:  # argparse's errors exit; ours return
        code = int(str(done.code))
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # one line, as every error is
    assert untranslated([(" ".join(argv), _without_names(err, _names()))]) == []
