"""The translators' tool: extract the strings, compile the catalogues, check them.

    python packaging/i18n/catalogues.py extract   # sources -> freecell.pot -> every .po
    python packaging/i18n/catalogues.py compile   # every .po -> .mo; desktop + AppStream files
    python packaging/i18n/catalogues.py check     # untranslated, fuzzy, placeholders,
                                                  # and GNU gettext's msgfmt -c

Needs Babel (a dependency of freecell) and, for ``check``, GNU gettext's ``msgfmt``.
setup.py runs the compiling part when a wheel is built, so a wheel and the PyInstaller
app carry the ``.mo`` files; a source checkout without them reads the ``.po`` text
directly.  See docs/translating.md.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "app" / "freecell" / "locale"
DOMAIN = "freecell"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
SOURCES = (ROOT / "app", ROOT / "plugins")
DESKTOP = ROOT / "packaging" / "linux" / "io.github.freecell.FreeCell.desktop"
METAINFO = ROOT / "packaging" / "linux" / "io.github.freecell.FreeCell.metainfo.xml"
DESKTOP_KEYS = ("Name", "GenericName", "Comment", "Keywords")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
PSEUDO = "pseudo"


# -- extraction ------------------------------------------------------------------
def extract() -> Catalog:
    """Every marked string of the sources, the desktop entry and the AppStream file."""
    template = Catalog(project="freecell", domain=DOMAIN, fuzzy=False)
    template.msgid_bugs_address = "https://github.com/freecell/freecell/issues"
    for source in SOURCES:
        found = extract_from_dir(
            str(source),
            method_map=[("**/tests/**", "ignore"), ("**.py", "python")],
            keywords=DEFAULT_KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        )
        for filename, lineno, message, comments, context in found:
            where = (source / filename).relative_to(ROOT).as_posix()
            template.add(
                message,
                None,
                [(where, lineno)],
                auto_comments=comments,
                context=context,
                flags=_flags(message),
            )
    for where, message, context in packaging_strings():
        template.add(message, None, [(where, 0)], context=context)
    return template


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    text = message if isinstance(message, str) else "".join(message)
    return ("python-brace-format",) if re.search(r"\{\w*[^{}]*\}", text) else ()


def packaging_strings() -> Iterator[tuple[str, str, str | None]]:
    where = DESKTOP.relative_to(ROOT).as_posix()
    for key, value in _desktop_entries():
        if key in DESKTOP_KEYS:
            yield where, value, f"desktop {key}"
    where = METAINFO.relative_to(ROOT).as_posix()
    for element in _metainfo_translatable(ET.parse(METAINFO).getroot()):
        yield where, _text_of(element), f"appstream {element.tag}"


def _desktop_entries() -> Iterator[tuple[str, str]]:
    for line in DESKTOP.read_text(encoding="utf-8").splitlines():
        key, sep, value = line.partition("=")
        if sep and "[" not in key:
            yield key, value


def _metainfo_translatable(root: ET.Element) -> list[ET.Element]:
    """name, summary, the description's paragraphs and items, screenshot captions
    (release notes stay English, as most projects keep them)."""
    found = [e for e in root if e.tag in ("name", "summary") and XML_LANG not in e.attrib]
    description = root.find("description")
    if description is not None:
        found += [e for e in description if XML_LANG not in e.attrib and e.tag == "p"]
        for items in description.iter("ul"):
            found += [e for e in items if XML_LANG not in e.attrib]
    found += [e for e in root.iter("caption") if XML_LANG not in e.attrib]
    return found


def _text_of(element: ET.Element) -> str:
    return " ".join("".join(element.itertext()).split())


def update(template: Catalog) -> None:
    """Write the template and merge it into every language's catalogue (new strings
    untranslated, changed ones fuzzy: the check fails until a translator looks)."""
    LOCALE.mkdir(parents=True, exist_ok=True)
    _write(TEMPLATE, template)
    for po in sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        catalogue = _read(po)
        catalogue.update(template, update_header_comment=False)
        catalogue.obsolete.clear()
        _write(po, catalogue)


def _read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale or path.parent.parent.name, domain=DOMAIN)


def _write(path: Path, catalogue: Catalog) -> None:
    out = io.BytesIO()
    # no line numbers: an edit elsewhere in a module must not touch nine catalogues
    write_po(
        out,
        catalogue,
        width=96,
        sort_output=False,
        omit_header=False,
        include_previous=False,
        include_lineno=False,
    )
    text = re.sub(rb"^\"POT-Creation-Date: .*\\n\"\n", b"", out.getvalue(), flags=re.M)
    text = re.sub(rb"^\"PO-Revision-Date: .*\\n\"\n", b"", text, flags=re.M)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


# -- compiling -------------------------------------------------------------------
def languages(locale: Path = LOCALE) -> list[str]:
    return sorted(p.parent.parent.name for p in locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def compile_all(locale: Path = LOCALE, into: Path = LOCALE) -> list[Path]:
    """Every ``.po`` under ``locale`` -> ``into/<lang>/LC_MESSAGES/freecell.mo``, and
    the pseudo-locale from the template.  Returns the files written."""
    written = []
    for language in languages(locale):
        catalogue = _read(locale / language / "LC_MESSAGES" / f"{DOMAIN}.po", language)
        written.append(_write_mo(into / language / "LC_MESSAGES" / f"{DOMAIN}.mo", catalogue))
    template = locale / f"{DOMAIN}.pot"
    if template.is_file():
        sys.path.insert(0, str(ROOT / "app"))  # freecell.i18n.pseudo: no install needed
        from freecell.i18n.pseudo import pseudo_catalogue

        target = into / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pseudo_catalogue(template.read_bytes()))
        written.append(target)
    return written


def _write_mo(path: Path, catalogue: Catalog) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_mo(f, catalogue, use_fuzzy=False)
    return path


def translations() -> dict[str, Catalog]:
    return {lang: _read(LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po") for lang in languages()}


def desktop_file(catalogues: dict[str, Catalog]) -> str:
    """The desktop entry with ``Key[lang]=`` lines for every translated key."""
    lines = []
    for line in DESKTOP.read_text(encoding="utf-8").splitlines():
        key, sep, value = line.partition("=")
        if sep and "[" in key:
            continue
        lines.append(line)
        if sep and key in DESKTOP_KEYS:
            for lang, catalogue in catalogues.items():
                message = catalogue.get(value, context=f"desktop {key}")
                if _translated(message) and message.string != value:
                    lines.append(f"{key}[{lang}]={message.string}")
    return "\n".join(lines) + "\n"


def metainfo_file(catalogues: dict[str, Catalog]) -> str:
    """The AppStream file with ``xml:lang`` siblings for every translated field."""
    text = METAINFO.read_text(encoding="utf-8")
    text = re.sub(r"\n[ \t]*<(\w+) xml:lang=\"[^\"]*\">.*?</\1>", "", text, flags=re.S)
    root = ET.fromstring(text)
    english = {_text_of(e): e.tag for e in _metainfo_translatable(root)}
    # Each translated field is written after its English line(s), with its indent.
    result = text
    for source, tag in english.items():
        pattern = re.compile(rf"([ \t]*)<{tag}>\s*{_spaced(source)}\s*</{tag}>\n")
        found = pattern.search(result)
        if found is None:
            raise SystemExit(f"{METAINFO.name}: cannot find <{tag}> {source!r}")
        indent = found.group(1)
        extra = []
        for lang, catalogue in catalogues.items():
            message = catalogue.get(source, context=f"appstream {tag}")
            if _translated(message) and message.string != source:
                extra.append(f'{indent}<{tag} xml:lang="{lang}">{_xml(message.string)}</{tag}>\n')
        result = result[: found.end()] + "".join(extra) + result[found.end() :]
    return result


def _translated(message: Message | None) -> bool:
    return message is not None and bool(message.string) and not message.fuzzy


def _spaced(text: str) -> str:
    return r"\s+".join(re.escape(_xml(word)) for word in text.split())


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_packaging_files() -> None:
    catalogues = translations()
    DESKTOP.write_text(desktop_file(catalogues), encoding="utf-8")
    METAINFO.write_text(metainfo_file(catalogues), encoding="utf-8")


# -- checking --------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sdifr]|%[sdifr]")


def placeholders(text: str) -> list[str]:
    return sorted(_PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")))


def problems(language: str, catalogue: Catalog, template: Catalog) -> list[str]:
    """What keeps a shipped catalogue from being complete and correct."""
    found = []
    for source in template:
        if not source.id:
            continue
        message = catalogue.get(source.id, context=source.context)
        label = f"{language}: {source.id if isinstance(source.id, str) else source.id[0]!r}"
        if message is None:
            found.append(f"{label}: missing (run extract)")
            continue
        found += [f"{label}: {p}" for p in _message_problems(source, message, catalogue)]
    ids = {(m.id, m.context) for m in template if m.id}
    found += [
        f"{language}: {m.id!r} is not in the template (run extract)"
        for m in catalogue
        if m.id and (m.id, m.context) not in ids
    ]
    return found


def _message_problems(source: Message, message: Message, catalogue: Catalog) -> list[str]:
    if message.fuzzy:
        return ["fuzzy"]
    sources = [source.id] if isinstance(source.id, str) else list(source.id)
    forms = [message.string] if isinstance(message.string, str) else list(message.string)
    if len(sources) > 1 and len(forms) != catalogue.num_plurals:
        return [f"{len(forms)} plural forms, the language has {catalogue.num_plurals}"]
    if not all(forms):
        return ["untranslated"]
    found = []
    wanted = set().union(*(placeholders(s) for s in sources))
    for form in forms:
        got = set(placeholders(form))
        # a plural form may leave out the count ("one card"), nothing else
        if got - wanted or wanted - got - {"{n}", "%d"} or (len(sources) == 1 and got != wanted):
            found.append(f"placeholders {sorted(got)} for {sorted(wanted)} in {form!r}")
    if any(_mnemonics(form) != _mnemonics(sources[0]) for form in forms):
        found.append("the & shortcut marks differ from the source's")
    return found


def _mnemonics(text: str) -> int:
    return len(re.findall(r"&(?!&)(?=\w)", text.replace("&&", "")))


def msgfmt_problems(po: Path) -> list[str]:
    """What GNU gettext's ``msgfmt -c`` rejects in ``po`` (the check every distribution
    and translation platform runs: format strings per plural form, the header)."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return ["msgfmt (GNU gettext) is not installed: cannot run msgfmt -c"]
    result = subprocess.run(
        [msgfmt, "-c", "-o", os.devnull, str(po)], capture_output=True, text=True, check=False
    )
    if result.returncode == 0:
        return []
    where = po.relative_to(ROOT).as_posix() if po.is_relative_to(ROOT) else str(po)
    # warnings (no PO-Revision-Date: _write leaves it out on purpose) are not errors
    errors = [line for line in result.stderr.splitlines() if "warning:" not in line]
    return [f"{where}: msgfmt -c: {line}" for line in errors] or [f"{where}: msgfmt -c failed"]


def check() -> list[str]:
    template = _read(TEMPLATE, "en")
    found = []
    for language, catalogue in translations().items():
        found += problems(language, catalogue, template)
        found += msgfmt_problems(LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        update(extract())
    elif command == "compile":
        written = compile_all()
        write_packaging_files()
        print(f"{len(written)} catalogues compiled; desktop entry and AppStream file updated")
    elif command == "check":
        found = check()
        print("\n".join(found) or "every catalogue is complete")
        return 1 if found else 0
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
