"""The glossary check: a catalogue uses its language's word for every key term.

    python packaging/i18n/glossary.py            # every language with a catalogue
    python packaging/i18n/glossary.py de uk      # these languages

The key terms and their English forms are in app/freecell/locale/glossary.toml; each
language's words, the forms that count as using them (stems, inflected forms) and
where each word comes from are in locale/<language>/glossary.toml.  An entry whose
English (msgid or msgid_plural; ``&`` mnemonics and ``{placeholders}`` ignored) uses
a term must have every translated form contain one of that language's forms
(case-insensitive), unless the language lists the msgid under that term's
``exceptions``.  See docs/translating.md.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "app" / "freecell" / "locale"
TERMS = LOCALE / "glossary.toml"
MNEMONIC = re.compile(r"&(?=\S)")
# a placeholder ({suit}, {variant}, %(prog)s) names a value, not the word: "{suit}"
# must not ask for the word for "suit" in "the ace of {suit}"
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sdifr]")


@dataclass(frozen=True)
class Term:
    """A key term as the English sources use it."""

    key: str
    pattern: re.Pattern[str]
    not_when: tuple[str, ...]

    def used_in(self, english: str) -> bool:
        text = PLACEHOLDER.sub("", MNEMONIC.sub("", english))
        if any(phrase.lower() in text.lower() for phrase in self.not_when):
            return False
        return self.pattern.search(text) is not None


@dataclass(frozen=True)
class Word:
    """One language's word for a term."""

    word: str
    forms: tuple[str, ...]
    source: str
    exceptions: frozenset[str]

    def used_in(self, translated: str) -> bool:
        text = MNEMONIC.sub("", translated).casefold()
        return any(form.casefold() in text for form in self.forms)


def terms(path: Path = TERMS) -> dict[str, Term]:
    """The key terms, by key."""
    table = tomllib.loads(path.read_text(encoding="utf-8"))["terms"]
    return {key: _term(key, entry) for key, entry in table.items()}


def _term(key: str, entry: Mapping[str, Any]) -> Term:
    alternatives = "|".join(re.escape(form) for form in entry["english"])
    flags = 0 if entry.get("match_case", False) else re.IGNORECASE
    pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", flags)
    return Term(key, pattern, tuple(entry.get("not_when", ())))


def glossary_path(language: str) -> Path:
    return LOCALE / language / "glossary.toml"


def words(language: str) -> dict[str, Word]:
    """A language's words, by term key."""
    table = tomllib.loads(glossary_path(language).read_text(encoding="utf-8"))
    return {
        key: Word(
            word=str(entry.get("word", "")),
            forms=tuple(entry.get("forms", ())),
            source=str(entry.get("source", "")),
            exceptions=frozenset(entry.get("exceptions", ())),
        )
        for key, entry in table.get("terms", {}).items()
    }


def catalogue(language: str) -> Catalog:
    with (LOCALE / language / "LC_MESSAGES" / "freecell.po").open("rb") as handle:
        return read_po(handle, locale=language)


def _english(message: Message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _translated(message: Message) -> tuple[str, ...]:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return tuple(s for s in strings if s)


def problems(language: str) -> list[str]:
    """Everything wrong with ``language``'s glossary and its catalogue's use of it."""
    if not glossary_path(language).is_file():
        return [f"{language}: no glossary ({glossary_path(language).relative_to(ROOT)})"]
    known, chosen = terms(), words(language)
    found = list(_glossary_problems(language, known, chosen))
    found += _usage_problems(language, known, chosen, catalogue(language))
    return found


def _glossary_problems(
    language: str, known: Mapping[str, Term], chosen: Mapping[str, Word]
) -> Iterator[str]:
    for key in sorted(set(known) - set(chosen)):
        yield f"{language}: no word for the term {key!r}"
    for key in sorted(set(chosen) - set(known)):
        yield f"{language}: {key!r} is not a term of locale/glossary.toml"
    for key, word in sorted(chosen.items()):
        if not word.word or not word.forms or not word.source:
            yield f"{language}: {key!r} needs a word, its forms and its source"
        elif not word.used_in(word.word):
            yield f"{language}: {key!r}: the word {word.word!r} matches none of its forms"


def _usage_problems(
    language: str, known: Mapping[str, Term], chosen: Mapping[str, Word], catalog: Catalog
) -> list[str]:
    found: list[str] = []
    ids = {_english(m)[0] for m in catalog if m.id}
    for key, word in sorted(chosen.items()):
        found += [
            f"{language}: {key!r}: the exception {stale!r} is no entry of the catalogue"
            for stale in sorted(word.exceptions - ids)
        ]
    for message in catalog:
        english, translated = _english(message), _translated(message)
        if not message.id or not translated:
            continue
        for key, term in known.items():
            word = chosen.get(key)
            if word is None or english[0] in word.exceptions:
                continue
            if any(term.used_in(e) for e in english) and not all(
                word.used_in(t) for t in translated
            ):
                found.append(
                    f"{language}: {key!r} ({word.word}) missing in {english[0]!r} -> "
                    f"{translated[0]!r}"
                )
    return found


def languages() -> list[str]:
    return sorted(p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/freecell.po"))


def main(argv: list[str]) -> int:
    found = [p for language in (argv or languages()) for p in problems(language)]
    print("\n".join(found) if found else "glossary: every catalogue uses its words")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
