"""``--help`` and command-line errors in the player's language, argparse's own words
included (``usage:``, ``options:``, ``the following arguments are required``).

argparse asks :func:`gettext.gettext` (the process-wide ``messages`` domain) for its
words; :func:`install` points its two names at freecell's catalogue instead, where
argparse's messages have their own entries (:func:`_argparse_messages`).  The help
texts of our own arguments are written as markers (``N_`` or :class:`Words`) and
translated by :class:`HelpFormatter` when help is printed, so that building a parser
and parsing a correct command line translate nothing: ``freecell-cli board 1`` loads
no catalogue in any language.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from typing import Any, NoReturn

from freecell.i18n import N_, gettext, ngettext

__all__ = ["HelpFormatter", "Parser", "Words", "install", "words"]

# The words argparse asks for while a parser is being built; HelpFormatter translates
# them when help is printed, so building one needs no catalogue.
_TRANSLATED_WHEN_SHOWN = frozenset(
    {"positional arguments", "options", "show this help message and exit", "subcommands"}
)


class Words(str):
    """A help text translated when it is shown, with values put in then
    (``Words(N_("1 to {last}"), last=lambda: format_number(MAX_DEAL))``): a value
    may be a function, called only when the help is printed."""

    values: dict[str, object]

    def __new__(cls, message: str, **values: object) -> Words:
        made = super().__new__(cls, message)
        made.values = values
        return made

    def shown(self) -> str:
        given = {k: v() if callable(v) else v for k, v in self.values.items()}
        return gettext(str(self)).format(**given)


def words(text: str) -> str:
    """``text`` (an English marker or :class:`Words`) in the player's language."""
    if isinstance(text, Words):
        return text.shown()
    return gettext(text)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, with every heading, help text and description translated."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        # (argparse then fills in %(default)s and friends: a literal % is doubled)
        return None if action.help is None else words(action.help).replace("%", "%%")

    def start_section(self, heading: str | None) -> None:
        super().start_section(None if heading is None else words(heading))

    def add_text(self, text: str | None) -> None:
        super().add_text(text if text is None or text == argparse.SUPPRESS else words(text))

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, gettext("usage: ") if prefix is None else prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))


# Lines break at spaces, and between two characters of a script written without
# spaces (Japanese, Chinese), never inside a word of Latin letters, digits and
# hyphens: "freecell-1" and "eight-off" are typed as they are printed.  Closing
# punctuation never starts a line, an opening bracket never ends one.
_NO_LINE_START = frozenset("、。，．・：；？！）」』】〕ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ")  # noqa: RUF001
_NO_LINE_END = frozenset("（「『【〔")  # noqa: RUF001
_PIECES = re.compile(r"\s+|[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+|\S")


def display_width(text: str) -> int:
    """How many terminal columns ``text`` takes: a wide (W) or full-width (F)
    character, as Japanese and Chinese are written, takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int) -> list[str]:
    """``text`` (its white space collapsed) in lines of at most ``width`` terminal
    columns, broken only where a reader breaks it; a word longer than a line stays
    whole on its own."""
    lines: list[str] = []
    line = ""
    for piece in _PIECES.findall(" ".join(text.split())):
        if piece == " ":
            line += " " if line else ""
            continue
        if line.strip() and display_width(line + piece) > width and piece[0] not in _NO_LINE_START:
            kept = line.rstrip()
            carried = ""
            while kept and kept[-1] in _NO_LINE_END:  # an opening bracket goes down too
                kept, carried = kept[:-1], kept[-1] + carried
            if kept:
                lines.append(kept)
                line = carried
        line += piece
    if line.strip():
        lines.append(line.rstrip())
    return lines


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose help is translated and whose errors are one line on
    stderr (exit code 2), like every other error of freecell's command lines.  Its
    subcommands' parsers are Parsers too (argparse makes them of the parent's class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        install()
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        line = gettext("%(prog)s: error: %(message)s\n")
        self.exit(2, line % {"prog": self.prog, "message": message})


def _argparse_gettext(message: str) -> str:
    return message if message in _TRANSLATED_WHEN_SHOWN else gettext(message)


def install() -> None:
    """Let argparse take its words from freecell's catalogue (once per process; the
    source strings are argparse's own, so English is unchanged)."""
    if getattr(argparse, "_", None) is not _argparse_gettext:
        setattr(argparse, "_", _argparse_gettext)  # noqa: B010 (a module's global, on purpose)
        setattr(argparse, "ngettext", ngettext)  # noqa: B010


def _argparse_messages(n: int) -> NoReturn:
    """Never called: it marks argparse's messages for the catalogue's extractor, as
    Python 3.11 to 3.13 word them (a newer Python's new words stay English)."""
    # Translators: argparse's words; "usage: " starts the usage line (keep the space)
    N_("usage: ")
    N_("positional arguments")
    N_("options")
    N_("subcommands")
    N_("show this help message and exit")
    N_("show program's version number and exit")
    # Translators: %(prog)s is the command (freecell-cli, freecell-cli board); the line
    # ends with a line break, keep it
    N_("%(prog)s: error: %(message)s\n")
    # Translators: %(argument_name)s is an option or argument (--jobs, deal)
    N_("argument %(argument_name)s: %(message)s")
    N_("the following arguments are required: %s")
    N_("one of the arguments %s is required")
    N_("unrecognized arguments: %s")
    N_("not allowed with argument %s")
    N_("ignored explicit argument %r")
    N_("expected one argument")
    N_("expected at most one argument")
    N_("expected at least one argument")
    ngettext("expected %s argument", "expected %s arguments", n)
    N_("ambiguous option: %(option)s could match %(matches)s")
    N_("unexpected option string: %s")
    # Translators: %(type)s is a Python type's name (int, float)
    N_("invalid %(type)s value: %(value)r")
    N_("invalid choice: %(value)r (choose from %(choices)s)")
    N_("unknown parser %(parser_name)r (choices: %(choices)s)")
    N_("can't open '%(filename)s': %(error)s")
    raise AssertionError("a list for the extractor, not code to run")
