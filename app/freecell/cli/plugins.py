"""``freecell-cli plugins``, and the plugin-aware backend lookup ``solve`` and
``rate`` use for ``--backend ID`` (the variant lookup is in :mod:`.common`).

:func:`register` is called by :func:`freecell.cli.build_parser`.  The CLI honours the
same enabled map as the game (the settings file), so ``--variant`` accepts exactly
the variants the player has switched on.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from freecell.cli.common import EXIT_OK, CliError, cli_manager, warn
from freecell.i18n import N_, _, pgettext
from freecell.i18n.commandline import display_width
from freecell.plugin_host.manager import PluginManager
from freecell.plugin_host.model import PluginInfo
from freecell.plugin_host.plugin_words import kind_word, source_word, status_text
from freecell.plugin_host.reason_words import notice_text, why_off
from freecell.plugin_host.solvers import PluginBackend, backend_loader


def plugin_backend(backend_id: str, manager: PluginManager) -> PluginBackend:
    """The enabled plugins' backend with this id, as a loader; CliError when no
    enabled plugin provides it or it cannot run here (``--backend`` is an explicit
    choice: no silent substitute)."""
    backends = manager.solver_backends()
    for backend in backends:
        if backend.id == backend_id:
            if not manager.backend_available(backend):
                raise CliError(
                    _("solver backend {id!r} is not available here").format(id=backend_id)
                )
            return backend_loader(manager, backend)
    known = ", ".join(b.id for b in backends) or _("none: every solver plugin is off")
    raise CliError(
        _("unknown solver backend {id!r} (known: {known})").format(id=backend_id, known=known)
    )


def _rows(info: PluginInfo) -> list[tuple[str, str, str, str, str, str]]:
    # the name and the ids are what --enable and --variant take: they stay as written
    head = (info.name, source_word(info.source), status_text(info))
    if info.provides:
        return [(*head, kind_word(p.kind), p.id, _(p.name)) for p in info.provides]
    kinds = pgettext("list", ", ").join(kind_word(k) for k in info.kinds) or "-"
    if info.error:
        note = why_off(info.error)
    elif info.enabled:
        note = _("provides nothing")
    else:
        note = _("enable with: freecell-cli plugins --enable {name}").format(name=info.name)
    return [(*head, kinds, "-", note)]


def _as_json(info: PluginInfo) -> dict[str, Any]:
    return {
        "name": info.name,
        "source": info.source.value,
        "version": info.version,
        "description": info.description,
        "location": info.location,
        "enabled": info.enabled,
        "loaded": info.loaded,
        "error": why_off(info.error) if info.error else None,
        "error_code": info.error.code.value if info.error else None,
        "provides": [{"kind": p.kind.value, "id": p.id, "name": p.name} for p in info.provides],
        "hooks": list(info.hooks),
    }


def cmd_plugins(args: argparse.Namespace) -> int:
    manager = cli_manager(tell_plugins=False)
    for name, enabled in [(n, True) for n in args.enable] + [(n, False) for n in args.disable]:
        try:
            manager.set_enabled(name, enabled)
        except KeyError:
            known = ", ".join(p.name for p in manager.plugins())
            raise CliError(
                _("no plugin named {name!r} (found: {known})").format(name=name, known=known)
            ) from None
    infos = manager.plugins()
    notices = manager.take_notices()
    if args.json:
        document = {
            "plugins": [_as_json(info) for info in infos],
            "notices": [
                {"plugin": n.plugin, "code": n.reason.code.value, "message": notice_text(n)}
                for n in notices
            ],
        }
        print(json.dumps(document, indent=2))
        return EXIT_OK
    for notice in notices:
        warn(notice_text(notice))
    rows = [_header()] + [row for info in infos for row in _rows(info)]
    widths = [max(display_width(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        pairs = zip(row, widths, strict=False)
        cells = [cell + " " * (width - display_width(cell)) for cell, width in pairs]
        print("  ".join([*cells, row[-1]]).rstrip())
    return EXIT_OK


def _header() -> tuple[str, str, str, str, str, str]:
    # Translators: the plugin table's column heads (capitals, as a terminal table has them)
    return (
        pgettext("plugins table", "PLUGIN"),
        pgettext("plugins table", "SOURCE"),
        pgettext("plugins table", "STATUS"),
        pgettext("plugins table", "KIND"),
        pgettext("plugins table", "ID"),
        pgettext("plugins table", "NAME"),
    )


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser(
        "plugins",
        help=N_("list plugins and what each provides; switch them on or off"),
        description=N_(
            "List every plugin found (built-in, installed packages, the user "
            "plugin folder) with what it provides: one line per variant, scoring scheme, "
            "card theme, table surface or solver."
        ),
    )
    parser.add_argument("--json", action="store_true", help=N_("print JSON instead of a table"))
    parser.add_argument(
        "--enable", action="append", default=[], metavar="NAME", help=N_("switch a plugin on")
    )
    parser.add_argument(
        "--disable", action="append", default=[], metavar="NAME", help=N_("switch a plugin off")
    )
    parser.set_defaults(run=cmd_plugins)
