"""Qt's ``&`` shortcut marks taken out of a label, for where it is read or quoted
rather than pressed (an accessible name, the rules page naming a menu item).

Japanese and Chinese translations mark the letter in brackets after the word
(``言語(&G):``); the bracket goes too, so a screen reader does not say "G".
"""

from __future__ import annotations

import re

_BRACKETED = re.compile(r"\s*[(\uff08]&\w[)\uff09]")  # ASCII or full-width brackets


def without_mnemonic(text: str) -> str:
    """``&Hint`` -> ``Hint``, ``ヒント(&H)`` -> ``ヒント``, ``Rock && Roll`` -> ``Rock & Roll``."""
    text = _BRACKETED.sub("", text)
    return re.sub(r"&(&?)", lambda m: m.group(1), text)
