"""A font with a real bold for the scripts that bring their own (Japanese, Chinese,
Korean).

Qt draws a glyph the window's font lacks from whichever installed font has it, and
such a fallback is drawn regular where the window asks for bold: the results, the
hint bar's first words and the rules page's terms lose their weight.  Debian's
IPA fonts (``fonts-ipafont-gothic``) have no bold; Noto Sans CJK
(``fonts-noto-cjk``) has Regular and Bold.  So for these languages the window puts
the first installed family of the list that has a bold weight in front of its
font's families (Latin text keeps its own font: Qt takes each glyph from the first
family that has it).  Nothing is looked up for any other language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QFont, QFontDatabase, QGuiApplication

# Noto Sans CJK (fonts-noto-cjk) first, then the same design under Adobe's name and
# the single-language Noto fonts some systems install instead
_FAMILIES: dict[str, tuple[str, ...]] = {
    "ja": ("Noto Sans CJK JP", "Source Han Sans JP", "Source Han Sans", "Noto Sans JP"),
    "ko": ("Noto Sans CJK KR", "Source Han Sans KR", "Noto Sans KR"),
    "zh_CN": ("Noto Sans CJK SC", "Source Han Sans SC", "Source Han Sans CN", "Noto Sans SC"),
    "zh_TW": ("Noto Sans CJK TC", "Source Han Sans TC", "Source Han Sans TW", "Noto Sans TC"),
}


def candidates(language: str) -> tuple[str, ...]:
    """The families to try for ``language`` ("ja", "zh_CN", "zh"...), best first."""
    if language in _FAMILIES:
        return _FAMILIES[language]
    if language.split("_")[0] == "zh":
        return _FAMILIES["zh_CN"]
    return _FAMILIES.get(language.split("_")[0], ())


def bold_family(families: Sequence[str], has_bold: Callable[[str], bool]) -> str | None:
    """The first of ``families`` that ``has_bold`` (installed, with a bold weight)."""
    return next((family for family in families if has_bold(family)), None)


def _installed_with_bold(family: str) -> bool:
    if not QFontDatabase.hasFamily(family):
        return False
    weights = (QFontDatabase.weight(family, style) for style in QFontDatabase.styles(family))
    return any(weight >= QFont.Weight.Bold.value for weight in weights)


def use_script_font(app: QGuiApplication, language: str) -> str | None:
    """Put ``language``'s bold-capable family in front of the application font's
    families; returns the family, or None (another language, or none installed)."""
    family = bold_family(candidates(language), _installed_with_bold)
    if family is not None:
        font = app.font()
        font.setFamilies([family, *font.families()])
        app.setFont(font)
    return family
