"""Open the player's session: settings, storage, plugins, the game left last time.

What :func:`open_session` does is what a start of the game needs before its first
frame, and nothing more: the settings file, the plugin manager with the built-in
plugins the first frame shows (every plugin when the settings need more; see
:mod:`freecell.core.plugins`), the variant asked for, and the game in progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell.core.notice_words import notice_text
from freecell.core.plugins import PluginHandle, builtins_suffice
from freecell.core.services import default_service
from freecell.core.session import Session
from freecell.engine import BUILTIN_VARIANTS, Game, Variant
from freecell.i18n import _, set_language
from freecell.storage import Storage

if TYPE_CHECKING:
    from freecell.storage.notices import StorageNotice


class StartError(Exception):
    """The session cannot open as asked (an unknown ``--variant``); one sentence."""


def open_session(
    deal_number: int | None = None,
    variant_id: str | None = None,
    *,
    plugins: PluginHandle | None = None,
    resume: bool = True,
) -> Session:
    """The player's session for a start of the game (raises :class:`StartError`);
    ``resume`` False leaves the game in progress aside (a file is being opened)."""
    plugins = plugins if plugins is not None else PluginHandle.default()
    storage = Storage(resolve=plugins.variant)
    stored = storage.settings.load()
    set_language(stored.language)  # the notices below are worded in the player's language
    notices = _in_words(storage.take_notices())
    if not builtins_suffice(stored):
        plugins.complete()  # the first frame shows a plugin's offer: all are found first
    plugins.manager()

    variant: Variant | None = None
    if variant_id is not None:
        try:
            variant = plugins.variant(variant_id)
        except (KeyError, ValueError):
            manager = plugins.manager()
            offered = manager.variants() if manager is not None else BUILTIN_VARIANTS
            known = ", ".join(v.id for v in offered)
            # Translators: {id} is what --variant was given; {known} the ids there are
            said = _("unknown variant {id!r} (known: {known})")
            raise StartError(said.format(id=variant_id, known=known)) from None

    game: Game | None = None
    asked = deal_number is not None or variant is not None or not resume
    if not asked and storage.saved_game.summary() is not None:
        game = storage.saved_game.load()
    # a damaged game in progress, moved aside
    notices += _in_words(storage.take_notices())
    if game is not None:
        if game.deal_number is not None:
            welcome = _("Welcome back: deal #{number} is as you left it.").format(
                number=game.deal_number
            )
        else:
            welcome = _("Welcome back: your board is as you left it.")
        notices.append(welcome)
    return Session(
        stored,
        storage=storage,
        plugins=plugins,
        game=game,
        deal_number=deal_number,
        variant=variant,
        hint_service=default_service(),
        # the insight features' own worker: a live check never makes a hint wait
        insight_service=default_service(),
        notices=notices,
    )


def _in_words(notices: list[StorageNotice]) -> list[str]:
    """The storage's notices in the player's words (their module is imported only
    when there is something to say)."""
    if not notices:
        return []

    return [notice_text(notice) for notice in notices]
