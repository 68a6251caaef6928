"""Japanese, Chinese and Korean get a font that has a bold weight (Noto Sans CJK when
installed), so that bold text stays bold; other languages keep the desktop's font."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QFontInfo
from PySide6.QtWidgets import QApplication

from freecell import i18n
from freecell.ui.shell.script_font import bold_family, candidates
from freecell.ui.shell.translations import install_translations


@pytest.fixture
def app(qapp: QApplication) -> Iterator[QApplication]:
    font = qapp.font()
    yield qapp
    qapp.setFont(font)
    i18n.set_language("en")


def test_each_cjk_language_has_its_own_families_and_the_others_none() -> None:
    assert candidates("ja")[0] == "Noto Sans CJK JP"
    assert candidates("zh_CN")[0] == candidates("zh")[0] == "Noto Sans CJK SC"
    assert candidates("zh_TW")[0] == "Noto Sans CJK TC"
    assert candidates("ko")[0] == "Noto Sans CJK KR"
    assert candidates("de") == candidates("pt_BR") == ()


def test_the_first_family_installed_with_a_bold_weight_is_chosen() -> None:
    with_bold = {"Source Han Sans JP", "Noto Sans JP"}
    assert bold_family(candidates("ja"), with_bold.__contains__) == "Source Han Sans JP"
    assert bold_family(candidates("ja"), lambda family: False) is None


def test_another_language_leaves_the_font_alone(app: QApplication) -> None:
    families = app.font().families()
    install_translations(app, "de")
    assert app.font().families() == families


def test_japanese_bold_text_is_drawn_in_a_bold_face(app: QApplication) -> None:
    if not QFontDatabase.hasFamily("Noto Sans CJK JP"):  # (asked once Qt is up)
        pytest.skip("needs fonts-noto-cjk")
    install_translations(app, "ja")
    assert app.font().families()[0] == "Noto Sans CJK JP"
    bold = QFont(app.font())
    bold.setBold(True)
    info = QFontInfo(bold)
    assert info.family() == "Noto Sans CJK JP" and info.weight() >= QFont.Weight.Bold.value
