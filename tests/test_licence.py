"""The licence the project declares is the one it ships: the full GPL-3.0 text as
LICENSE, named in pyproject.toml (so the wheel carries it, .ci/run checks that),
and the same SPDX id in the AppStream file."""

from __future__ import annotations

import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_licence_text_is_the_full_gpl_3() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in text and "Version 3, 29 June 2007" in text
    assert "TERMS AND CONDITIONS" in text and "END OF TERMS AND CONDITIONS" in text
    assert "How to Apply These Terms to Your New Programs" in text  # not cut short


def test_pyproject_and_the_metainfo_declare_the_same_licence() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "GPL-3.0-or-later"
    assert project["license-files"] == ["LICENSE"]
    metainfo = ROOT / "packaging" / "linux" / "io.github.freecell.FreeCell.metainfo.xml"
    declared = ET.parse(metainfo).getroot().findtext("project_license")
    assert declared == project["license"]
