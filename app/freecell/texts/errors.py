"""A text the engine could not read (a card, a board, a move, a deal number, a game
file) in a sentence: the :class:`~freecell.engine.errors.TextError` code and values,
worded in the player's language.  The CLI, the deal box and pasting or opening a
game all use :func:`describe`, so all say the same."""

from __future__ import annotations

from collections.abc import Callable

from freecell.engine import MAX_DEAL, Variant
from freecell.engine.errors import Problem, TextError
from freecell.i18n import N_, _, ngettext
from freecell.i18n.formatting import format_number
from freecell.texts.refusals import explain
from freecell.texts.variants import variant_name

# Translators: the sentences below follow "freecell-cli: error:" or a line of a file;
# quote the player's text ('{text}') as your language quotes; Freecells, Foundations,
# Moves and Deal are a file's keywords (keep them)
_FIXED: dict[Problem, str] = {
    Problem.NOT_A_CARD: N_("'{token}' is not a card (write it like 7H, TD or 10D)"),
    Problem.NOT_A_FOUNDATION: N_("'{token}' is not a foundation (write it like H-5 or S-K)"),
    Problem.SECOND_FREECELLS_LINE: N_("a second Freecells line"),
    Problem.SECOND_FOUNDATIONS_LINE: N_("a second Foundations line"),
    Problem.NOT_A_PILE: N_("'{text}' is not a move: '{char}' is not a column or cell"),
    Problem.BAD_COUNT: N_("'{text}' is not a move: bad count '{count}'"),
    Problem.ZERO_COUNT: N_("'{text}' is not a move: a move takes at least one card"),
    Problem.FOUNDATION_TO_FOUNDATION: N_("'{text}' is not a move: foundation to foundation"),
    Problem.NOT_A_MOVE: N_("'{text}' is not a move (write moves like 3a, a5, 2h or 18)"),
    Problem.FOUNDATION_NEEDS_SUIT: N_(
        "'{text}' is not a move: name the foundation's suit, like hS3"
    ),
    Problem.DEAL_OUT_OF_RANGE: N_("deal number {number} is out of range: choose 1 to {last}"),
    Problem.NOT_A_DEAL_NUMBER: N_(
        "'{text}' is not a deal number: type a whole number from 1 to {last} in the digits 0-9"
    ),
    Problem.SECOND_KEY_LINE: N_("a second {key} line"),
    Problem.STRAY_LINE: N_("'{text}' is not part of a game file"),
    Problem.NO_MOVES_LINE: N_("it is not a game file (it has no Moves line)"),
    Problem.UNKNOWN_VARIANT: N_("unknown variant '{variant}'"),
    Problem.DEAL_AND_BOARD: N_("it names both a deal and a board"),
    Problem.NO_DEAL_OR_BOARD: N_("it names no deal and no board"),
}


def describe(error: TextError) -> str:
    """What is wrong with the text, in the player's language (lower case: it goes
    after "error:" or into a sentence of its own)."""
    sentence = _sentence(error)
    if error.line is not None:
        # Translators: {problem} is one of the sentences above
        return _("line {number}: {problem}").format(number=_number(error.line), problem=sentence)
    return sentence


def _number(value: object) -> str:
    return format_number(value) if isinstance(value, int) else str(value)


def _sentence(error: TextError) -> str:
    code, values = error.code, error.values
    fixed = _FIXED.get(code)
    if fixed is not None:
        shown = {k: _number(v) if isinstance(v, int) else v for k, v in values.items()}
        return _(fixed).format(last=_number(MAX_DEAL), **shown)
    counted = _COUNTED.get(code)
    if counted is not None:
        return counted(values)
    if code is Problem.BAD_BOARD and error.inner is not None:
        return _("its board: {problem}").format(problem=describe(error.inner))
    if code is Problem.MOVE_DOES_NOT_PLAY:
        refusal = getattr(error, "refusal", None)
        move = {"index": _number(values.get("index")), "move": values.get("move")}
        if refusal is not None:
            # Translators: {reason} is the rule that stops the move, a sentence of its own
            return _("move {index} ({move}) does not play: {reason}").format(
                reason=explain(refusal), **move
            )
        return _("move {index} ({move}) does not play").format(**move)
    return str(error)  # (a code this module does not know yet: the engine's English)


def _count(values: dict[str, object], key: str) -> int:
    value = values.get(key)
    return value if isinstance(value, int) else 0


def _columns(values: dict[str, object]) -> str:
    n = _count(values, "found")
    return ngettext(
        "the board has {n} column; {variant} has {wanted}",
        "the board has {n} columns; {variant} has {wanted}",
        n,
    ).format(n=_number(n), wanted=_number(values.get("wanted")), variant=_variant(values))


def _cells(values: dict[str, object]) -> str:
    n = _count(values, "found")
    return ngettext(
        "the board has {n} card in free cells, more than {variant} has cells",
        "the board has {n} cards in free cells, more than {variant} has cells",
        n,
    ).format(n=_number(n), variant=_variant(values))


def _duplicates(values: dict[str, object]) -> str:
    n = _count(values, "count")
    return ngettext("a card is there twice: {cards}", "cards are there twice: {cards}", n).format(
        n=_number(n), cards=values.get("cards")
    )


def _missing(values: dict[str, object]) -> str:
    n = _count(values, "count")
    return ngettext("{n} card is missing: {cards}", "{n} cards are missing: {cards}", n).format(
        n=_number(n), cards=values.get("cards")
    )


def _overfull(values: dict[str, object]) -> str:
    n = _count(values, "count")
    return ngettext(
        "foundation {suit} cannot hold {n} card",
        "foundation {suit} cannot hold {n} cards",
        n,
    ).format(n=_number(n), suit=values.get("suit"))


def _variant(values: dict[str, object]) -> str:
    """The variant's name as the menus say it (a Custom variant's is composed)."""
    rules = values.get("rules")
    if isinstance(rules, Variant):
        return variant_name(rules)
    name = values.get("variant")
    return _(name) if isinstance(name, str) else ""


_COUNTED: dict[Problem, Callable[[dict[str, object]], str]] = {
    Problem.WRONG_COLUMN_COUNT: _columns,
    Problem.TOO_MANY_CELL_CARDS: _cells,
    Problem.DUPLICATE_CARDS: _duplicates,
    Problem.MISSING_CARDS: _missing,
    Problem.FOUNDATION_OVERFULL: _overfull,
}
