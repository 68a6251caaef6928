"""Random JSON fed to every loader: a loader never raises, and whatever it cannot
read is kept aside byte for byte."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from freecell.storage import Settings, Statistics, Storage, StoragePaths
from freecell.storage.settings import settings_from_json

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**40), max_value=2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)

# Keys the loaders look at, so random documents reach past the first check.
KNOWN_KEYS = [
    "variant", "scoring", "theme", "card_size", "large_print", "enabled_plugins",
    "window_geometry", "variants", "game", "deal", "start", "steps", "index",
    "move_count", "seconds", "auto_play", "undo_count",
]  # fmt: skip
VERSIONS = st.sampled_from([1, 1, 1, 2, 0, -1, True, "1", None, 1.0])

documents = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"version": VERSIONS},
        optional={key: json_values for key in KNOWN_KEYS},
    ),
    st.fixed_dictionaries(
        {
            "version": st.just(1),
            "variants": st.dictionaries(
                st.sampled_from(["freecell", "two-cell", ""]),
                st.fixed_dictionaries(
                    {},
                    optional={
                        k: json_values | st.integers(0, 5)
                        for k in ("played", "won", "fastest_win", "deals", "best_score")
                    },
                ),
                max_size=2,
            ),
            "game": st.fixed_dictionaries(
                {
                    "variant": st.sampled_from(["freecell", "nope"]) | json_values,
                    "deal": st.sampled_from([617, None, -3]) | json_values,
                    "steps": st.lists(
                        st.fixed_dictionaries(
                            {"moves": st.lists(st.sampled_from(["3a", "1h", "18", "x"]))}
                        ),
                        max_size=3,
                    )
                    | json_values,
                    "index": st.integers(-1, 3) | json_values,
                }
            ),
        }
    ),
)


def _loaders(storage: Storage) -> list[tuple[Path, Any, type | None]]:
    return [
        (storage.settings.path, storage.settings.load, Settings),
        (storage.statistics.path, storage.statistics.load, Statistics),
        (storage.saved_game.path, storage.saved_game.load, None),
    ]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=documents)
def test_every_loader_survives_random_json(document: Any) -> None:
    raw = json.dumps(document).encode()
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(StoragePaths.in_folder(folder))
        for path, load, kind in _loaders(storage):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            result = load()  # must not raise
            if kind is not None:
                assert isinstance(result, kind)
            if not path.exists():  # moved aside: the original bytes are kept
                kept = list(path.parent.glob(f"{path.stem}.unreadable-*{path.suffix}"))
                assert [p.read_bytes() for p in kept] == [raw]
            for other in path.parent.iterdir():
                if other.name not in (path.name, f".{path.name}.lock") and "from-v" in other.name:
                    assert other.read_bytes() == raw


@given(document=json_values)
def test_settings_decoder_takes_anything(document: Any) -> None:
    assert isinstance(settings_from_json(document), Settings)


@settings(max_examples=30, deadline=None)
@given(raw=st.binary(max_size=64))
def test_every_loader_survives_random_bytes(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(StoragePaths.in_folder(folder))
        for path, load, _kind in _loaders(storage):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(raw)
            load()
            assert path.exists() or any(
                p.read_bytes() == raw for p in path.parent.glob(f"{path.stem}.unreadable-*")
            )
