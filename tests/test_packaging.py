"""What turns the wheel into a desktop application: the desktop entry, the AppStream
metadata, the icons, the install script, the PyInstaller spec, the Flatpak
manifest, and pyproject's promises (scripts, package data, dependency ranges).

These read the files the way the tools that consume them do (a desktop entry is
an INI file, metainfo is XML, a PNG says its size in its header), so a typo that
would break a menu entry or a software centre page breaks a test first.  The
official validators run too where installed; CI installs them.
"""

from __future__ import annotations

import configparser
import os
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from importlib import metadata
from pathlib import Path

import pytest

import freecell
from freecell.launch import icon_bytes

ROOT = Path(__file__).resolve().parents[1]
LINUX = ROOT / "packaging" / "linux"
APP_ID = "io.github.freecell.FreeCell"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
ICONS = LINUX / "icons" / "hicolor"
MASTER_SVG = ICONS / "scalable" / "apps" / f"{APP_ID}.svg"
PACKAGED_SVG = ROOT / "resources" / "icons" / "freecell.svg"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SPEC = ROOT / "packaging" / "pyinstaller" / "freecell.spec"
BUNDLE_SCRIPT = ROOT / "packaging" / "pyinstaller" / "freecell_bundle.py"
FLATPAK = ROOT / "packaging" / "flatpak" / f"{APP_ID}.yml"


def pyproject() -> dict:  # type: ignore[type-arg]
    with (ROOT / "pyproject.toml").open("rb") as file:
        return tomllib.load(file)


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


def require_tool(name: str) -> str:
    """The tool's path; a skip on a developer machine without it, a failure in CI."""
    path = shutil.which(name)
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail(f"CI must install {name} (see .ci/run) but it is missing")
    pytest.skip(f"{name} is not installed")


def scripts(group: str) -> dict[str, str]:
    """The commands the installed distribution declares (setup.py writes them)."""
    entry_points = metadata.distribution("freecell").entry_points
    return {ep.name: ep.value for ep in entry_points if ep.group == group}


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


# -- the desktop entry ------------------------------------------------------------


def test_desktop_entry_runs_the_gui_script_with_the_app_icon() -> None:
    entry = desktop_entry()
    gui_scripts = scripts("gui_scripts")
    assert entry["Type"] == "Application"
    assert entry["Exec"] in gui_scripts, "Exec must be a command the wheel installs"
    assert entry["TryExec"] == entry["Exec"]
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert {"Game", "CardGame"} <= set(entry["Categories"].strip(";").split(";"))
    assert (ICONS / "scalable" / "apps" / f"{entry['Icon']}.svg").is_file()


def test_desktop_entry_passes_desktop_file_validate() -> None:
    tool = require_tool("desktop-file-validate")
    result = subprocess.run([tool, str(DESKTOP)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "error" not in result.stdout.lower()


# -- AppStream metadata -----------------------------------------------------------


def test_metainfo_matches_the_desktop_entry_and_the_package() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == DESKTOP.name
    assert root.findtext("project_license") == "GPL-3.0-or-later"
    assert root.findtext("metadata_license") == "CC0-1.0"
    binaries = {b.text for b in root.iter("binary")}
    assert binaries == set(scripts("console_scripts")) | set(scripts("gui_scripts"))
    screenshot = root.find("screenshots/screenshot/image")
    assert screenshot is not None and screenshot.text is not None
    assert screenshot.text.endswith("docs/screenshot.png")


def test_newest_release_is_the_package_version_and_has_notes() -> None:
    releases = ET.parse(METAINFO).getroot().findall("releases/release")
    assert releases, "release notes are required"
    newest = releases[0]
    assert newest.get("version") == project_version() == freecell.__version__
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", newest.get("date", ""))
    assert newest.find("description/p") is not None


def project_version() -> str:
    return str(pyproject()["project"]["version"])


def test_metainfo_passes_appstreamcli_validate() -> None:
    tool = require_tool("appstreamcli")
    result = subprocess.run(
        [tool, "validate", "--no-net", str(METAINFO)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


# -- icons ------------------------------------------------------------------------


@pytest.mark.parametrize("size", PNG_SIZES)
def test_png_icon_has_its_size(size: int) -> None:
    path = ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    assert png_size(path) == (size, size)


def test_svg_icon_is_square_and_the_package_ships_the_same_file() -> None:
    svg = ET.parse(MASTER_SVG).getroot()
    assert svg.tag.endswith("svg")
    _x, _y, width, height = (float(v) for v in svg.get("viewBox", "").split())
    assert width == height
    assert not svg.findall(".//{http://www.w3.org/2000/svg}text"), "paths only: fonts vary"
    assert PACKAGED_SVG.read_bytes() == MASTER_SVG.read_bytes(), (
        "re-run packaging/linux/render_icons.py after editing the SVG"
    )


def test_icon_is_read_through_importlib_resources() -> None:
    assert icon_bytes() == MASTER_SVG.read_bytes()


# -- the per-user install script ----------------------------------------------------


def test_install_script_installs_and_uninstalls_for_the_user(tmp_path: Path) -> None:
    data = tmp_path / "share"
    env = {**os.environ, "XDG_DATA_HOME": str(data)}
    script = LINUX / "install-user.sh"
    subprocess.run(
        ["sh", str(script), "--exec", "/opt/games/bin/freecell"],
        env=env,
        check=True,
        capture_output=True,
    )
    desktop = data / "applications" / DESKTOP.name
    text = desktop.read_text(encoding="utf-8")
    assert "\nExec=/opt/games/bin/freecell\n" in text
    assert "\nTryExec=/opt/games/bin/freecell\n" in text
    assert (data / "metainfo" / METAINFO.name).read_bytes() == METAINFO.read_bytes()
    for size in PNG_SIZES:
        assert png_size(data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png")
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").is_file()

    subprocess.run(["sh", str(script), "--uninstall"], env=env, check=True, capture_output=True)
    assert not desktop.exists()
    assert not list(data.rglob(f"{APP_ID}.*"))


def test_install_script_refuses_unknown_options(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    result = subprocess.run(
        ["sh", str(LINUX / "install-user.sh"), "--frobnicate"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "unknown option --frobnicate" in result.stderr
    assert not list(tmp_path.iterdir())


# -- pyproject ---------------------------------------------------------------------


def test_dependencies_are_minimal_and_pinned_to_ranges() -> None:
    project = pyproject()["project"]
    names = {re.split(r"[<>=!~; ]", dep, maxsplit=1)[0] for dep in project["dependencies"]}
    # babel: numbers and dates in the player's locale, and the catalogues at build time;
    # jeepney (Linux only): the AT-SPI registry says which screen readers hear
    # announcements (docs/accessibility.md)
    assert names == {"PySide6-Essentials", "pluggy", "platformdirs", "babel", "jeepney"}
    assert any(
        d.startswith("jeepney") and "sys_platform == 'linux'" in d for d in project["dependencies"]
    )
    for dep in project["dependencies"]:
        assert "<" in dep.split(";")[0], f"{dep}: give an upper bound"
    # The trap in docs/architecture.md: PySide6 6.12.0 aborts on Python 3.11.
    assert any(
        "<6.12" in dep and "python_version < '3.12'" in dep for dep in project["dependencies"]
    )
    test_extra = {
        re.split(r"[<>=!~ ]", d, maxsplit=1)[0] for d in project["optional-dependencies"]["test"]
    }
    assert {"pytest", "pytest-qt", "hypothesis", "ruff", "mypy"} <= test_extra
    for dep in project["optional-dependencies"]["test"]:
        assert "<" in dep, f"{dep}: a new major release must not break CI on a fresh machine"


def test_scripts_and_package_data() -> None:
    data = pyproject()
    assert scripts("gui_scripts") == {"freecell": "freecell.__main__:main"}
    assert scripts("console_scripts")["freecell-cli"] == "freecell.cli:main"
    assert data["tool"]["setuptools"]["package-data"]["freecell.resources"] == ["**/*"]
    assert [p for p in (ROOT / "resources").rglob("*") if p.is_file()]


# -- PyInstaller and Flatpak -----------------------------------------------------------


def test_pyinstaller_spec_collects_what_imports_do_not_find() -> None:
    text = SPEC.read_text(encoding="utf-8")
    compile(text, str(SPEC), "exec")  # valid Python
    for needed in (
        'collect_data_files("freecell")',  # resources/
        'copy_metadata("freecell")',  # entry points, so plugin discovery works
        'collect_submodules("freecell")',  # modules imported by name
        'ENTRY_POINT_GROUP = "freecell"',
        "freecell_bundle.py",
    ):
        assert needed in text, needed
    assert scripts("freecell"), "built-in plugins registered"


def test_bundle_launcher_calls_freeze_support_before_anything_else() -> None:
    text = BUNDLE_SCRIPT.read_text(encoding="utf-8")
    body = text.split("def run() -> int:", 1)[1]
    first = next(line.strip() for line in body.splitlines() if line.strip())
    assert first == "multiprocessing.freeze_support()"


def test_flatpak_manifest_names_the_app_and_installs_the_packaging_files() -> None:
    text = FLATPAK.read_text(encoding="utf-8")
    assert re.search(rf"^id: {re.escape(APP_ID)}$", text, re.M)
    assert re.search(r"^command: freecell$", text, re.M)
    assert re.search(r"^runtime: org\.(kde|freedesktop)\.Platform$", text, re.M)
    for path in re.findall(r"packaging/linux/[\w./-]+", text):
        assert (ROOT / path).exists(), path
    for line in re.findall(r"sha256: (\S+)", text):
        assert re.fullmatch(r"[0-9a-f]{64}", line)


# -- versions ----------------------------------------------------------------------


@pytest.mark.parametrize("module", ["freecell", "freecell.cli"])
def test_version_flags_print_the_package_version(module: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", module, "--version"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"freecell {project_version()}"
