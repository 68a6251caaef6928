"""docs/plugins.md is the plugin author's contract: every hook is described with its
parameters, and the complete example in it installs and works (datasette's
tests/test_docs.py habit)."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from freecell.engine import (
    EmptyColumnRule,
    GameWon,
    Move,
    Pile,
    Refusal,
    check_move,
    deal,
)
from freecell.plugin_host import MemoryStore, Source, create_manager, hookspecs
from plugin_helpers import FakeSite

DOCS = Path(__file__).resolve().parents[1] / "docs" / "plugins.md"
TEXT = DOCS.read_text(encoding="utf-8")
SPECS = {
    name: function
    for name, function in inspect.getmembers(hookspecs, inspect.isfunction)
    if name.startswith("freecell_")
}


def fenced(language: str, file: str | None = None) -> list[str]:
    """The fenced code blocks of a language (optionally the one labelled file=...)."""
    label = rf"[ \t]+file={re.escape(file)}" if file else r"[^\n]*"
    return re.findall(rf"```{language}{label}\n(.*?)```", TEXT, flags=re.DOTALL)


def test_hook_names_list_every_hookspec() -> None:
    assert set(hookspecs.HOOK_NAMES) == set(SPECS)


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_hook_is_documented_with_its_parameters(name: str) -> None:
    params = ", ".join(inspect.signature(SPECS[name]).parameters)
    heading = f"### `{name}({params})`"
    assert heading in TEXT, f"docs/plugins.md needs a section headed {heading}"
    assert f"`{name}`" in TEXT.split("## Hook reference")[0], f"{name} missing from the table"


@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_hookspec_has_a_docstring_saying_what_it_receives_and_returns(name: str) -> None:
    doc = inspect.getdoc(SPECS[name]) or ""
    assert "Receives" in doc and "Returns" in doc


def _install_the_example(site: FakeSite) -> dict[str, object]:
    (module_source,) = fenced("python", "freecell_midnight.py")
    (pyproject,) = fenced("toml", "pyproject.toml")
    project = tomllib.loads(pyproject)["project"]
    ((entry_name, module),) = project["entry-points"]["freecell"].items()
    site.install(
        project["name"],
        module,
        module_source,
        entry_name=entry_name,
        version=project["version"],
        summary=project["description"],
    )
    return {"name": entry_name, "module": module, "version": project["version"]}


def test_the_example_plugin_installs_through_its_entry_point_and_works(site: FakeSite) -> None:
    example = _install_the_example(site)
    name = str(example["name"])
    manager = create_manager(store=MemoryStore())
    info = manager.plugin(name)
    assert info.source is Source.PACKAGE
    assert info.version == example["version"]
    assert not info.enabled and not info.loaded  # a package waits for the player
    assert set(info.hooks) == {"freecell_variants", "freecell_card_themes", "freecell_game_event"}
    assert "super-challenge" not in [v.id for v in manager.variants()]

    manager.set_enabled(name, True)
    assert manager.take_notices() == []
    variant = manager.variant("super-challenge")
    assert variant.empty_column is EmptyColumnRule.KINGS_ONLY
    theme = manager.choose_card_theme("midnight")
    assert not theme.fell_back and theme.value.name == "Midnight"

    # the variant plays under its rules: an empty column refuses a non-King
    position = deal(1, variant)
    columns = [list(c) for c in position.columns]
    columns[1].extend(columns[0])
    columns[0] = []
    position = position.with_piles(columns=tuple(tuple(c) for c in columns))
    if position.columns[1][-1].rank != 13:
        refused = check_move(position, variant, Move(Pile.column(1), Pile.column(0), 1))
        assert isinstance(refused, Refusal)

    # the observer sees a win
    module = sys.modules[str(example["module"])]
    manager.notify(GameWon(1, variant, 90, 120.0))
    assert module.wins == 1


def test_the_testing_snippet_in_the_docs_passes(site: FakeSite) -> None:
    _install_the_example(site)
    snippet = fenced("python")[-1]
    namespace: dict[str, object] = {}
    exec(compile(snippet, str(DOCS), "exec"), namespace)
    tests = [value for key, value in namespace.items() if key.startswith("test_")]
    assert tests
    for test in tests:
        assert callable(test)
        test()


def test_the_example_installs_with_pip(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real thing: build the docs' example with its pyproject and pip-install it
    (into a target folder, not the test venv), then find it through
    importlib.metadata.  Offline: the build backend is the test venv's own
    setuptools (the ``test`` extra), never one fetched from the network."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "freecell_midnight.py").write_text(fenced("python", "freecell_midnight.py")[0])
    (source / "pyproject.toml").write_text(fenced("toml", "pyproject.toml")[0])
    target = tmp_path / "target"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--disable-pip-version-check",
            "--target",
            str(target),
            str(source),
        ],
        check=True,
        timeout=120,
        capture_output=True,
    )
    monkeypatch.syspath_prepend(str(target))
    try:
        manager = create_manager({"midnight": True})
        assert manager.plugin("midnight").source is Source.PACKAGE
        assert manager.variant("super-challenge").name == "Super Challenge FreeCell"
    finally:
        sys.modules.pop("freecell_midnight", None)
