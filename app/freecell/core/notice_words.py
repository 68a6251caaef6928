"""Storage's notices (:class:`~freecell.storage.notices.StorageNotice`: a file moved
aside, a backup loaded, a save the disk refused) in the player's language.

Storage speaks in codes; the session words them here before the window shows them.
Each notice is a few whole sentences -- what happened, where the file went, what
the game did instead -- so that every language can build each one its own way.
"""

from __future__ import annotations

from collections.abc import Iterable

from freecell.i18n import N_, _, pgettext
from freecell.i18n.formatting import format_number
from freecell.storage.notices import Damage, FileKind, NoticeCode, StorageNotice, Then

_NEWER = {
    FileKind.SETTINGS: N_(
        "Your settings file was written by a newer version of FreeCell; this version read "
        "what it understands and kept the original as {path}."
    ),
    FileKind.STATISTICS: N_(
        "Your statistics file was written by a newer version of FreeCell; this version read "
        "what it understands and kept the original as {path}."
    ),
    FileKind.SAVED_GAME: N_(
        "Your saved game file was written by a newer version of FreeCell; this version read "
        "what it understands and kept the original as {path}."
    ),
    FileKind.DEAL_RATINGS: N_(
        "The deal ratings file was written by a newer version of FreeCell; this version read "
        "what it understands and kept the original as {path}."
    ),
    FileKind.HISTORY: N_(
        "Your game history was written by a newer version of FreeCell; this version read "
        "what it understands and kept the original as {path}."
    ),
}
_MISSING = {
    FileKind.SETTINGS: N_(
        "Your settings file was missing, so the previous good copy ({path}) was loaded."
    ),
    FileKind.STATISTICS: N_(
        "Your statistics file was missing, so the previous good copy ({path}) was loaded."
    ),
    FileKind.SAVED_GAME: N_(
        "Your saved game file was missing, so the previous good copy ({path}) was loaded."
    ),
    FileKind.DEAL_RATINGS: N_(
        "The deal ratings file was missing, so the previous good copy ({path}) was loaded."
    ),
    FileKind.HISTORY: N_(
        "Your game history was missing, so the previous good copy ({path}) was loaded."
    ),
}
# Translators: {reason} is one of the reasons below ("it is empty")
_UNREADABLE = {
    FileKind.SETTINGS: N_("Your settings file could not be read ({reason})."),
    FileKind.STATISTICS: N_("Your statistics file could not be read ({reason})."),
    FileKind.SAVED_GAME: N_("Your saved game file could not be read ({reason})."),
    FileKind.DEAL_RATINGS: N_("The deal ratings file could not be read ({reason})."),
    FileKind.HISTORY: N_("Your game history could not be read ({reason})."),
}
# Translators: {error} is the system's own words ("No space left on device")
_NOT_SAVED = {
    FileKind.SETTINGS: N_(
        "Your settings could not be saved ({error}); the previous copy on disk is unchanged."
    ),
    FileKind.STATISTICS: N_(
        "Your statistics could not be saved ({error}); the previous copy on disk is unchanged."
    ),
    FileKind.SAVED_GAME: N_(
        "Your game in progress could not be saved ({error}); the previous copy on disk is "
        "unchanged."
    ),
    FileKind.DEAL_RATINGS: N_(
        "The deal ratings could not be saved ({error}); the previous copy on disk is unchanged."
    ),
    FileKind.HISTORY: N_(
        "Your game history could not be saved ({error}); the games already in it are unchanged."
    ),
}
_LOCKED = {
    FileKind.SETTINGS: N_(
        "Another copy of FreeCell is holding your settings file, so this copy does not "
        "save your settings."
    ),
    FileKind.STATISTICS: N_(
        "Another copy of FreeCell is holding your statistics file, so this copy does not "
        "save your statistics."
    ),
    FileKind.SAVED_GAME: N_(
        "Another copy of FreeCell is holding your saved game file, so this copy does not "
        "save your game in progress."
    ),
    FileKind.DEAL_RATINGS: N_(
        "Another copy of FreeCell is holding the deal ratings file, so this copy does not "
        "save the deal ratings."
    ),
}
# Translators: why a file could not be read; "it" is the file
_DAMAGE = {
    Damage.TOO_LARGE: N_("it is larger than {size} KB"),
    Damage.EMPTY: N_("it is empty"),
    Damage.NOT_TEXT: N_("it is not text"),
    Damage.TOO_DEEP: N_("it is nested too deeply"),
    Damage.NOT_JSON: N_("it is not valid JSON, perhaps cut short"),
    Damage.NOT_AN_OBJECT: N_("it does not hold what this file holds"),
    Damage.NO_VERSION: N_("it has no valid schema version"),
    Damage.TOO_OLD: N_("its schema version {version} is too old to read"),
    Damage.CANNOT_OPEN: N_("it could not be opened: {error}"),
    Damage.NOT_A_FILE: N_("it is not an ordinary file but a folder, a device or a pipe"),
    Damage.VARIANT_MISSING: N_("its variant {variant} is not available"),
    Damage.DAMAGED: N_("its content is damaged"),
}
_THEN = {
    Then.BACKUP_LOADED: N_("The previous good copy was loaded."),
    Then.DEFAULTS: N_("The defaults are used."),
    Then.NEW_DEAL: N_("A new deal is dealt."),
    Then.NEW_HISTORY: N_("A new game history is started; this game goes on."),
}


def not_a_file_text() -> str:
    """Why a special file (a FIFO, a device, a folder, a symlink to one) was not read,
    in the player's language: the one wording for every file the game refuses."""
    return _(_DAMAGE[Damage.NOT_A_FILE])


def notice_text(notice: StorageNotice) -> str:
    """The notice in the player's language: one to four sentences."""
    path = str(notice.path) if notice.path is not None else ""
    if notice.code is NoticeCode.NEWER_VERSION:
        return _(_NEWER[notice.file]).format(path=path)
    if notice.code is NoticeCode.MISSING_BACKUP_LOADED:
        return _(_MISSING[notice.file]).format(path=path)
    if notice.code is NoticeCode.LOCKED:
        return _(_LOCKED[notice.file])
    if notice.code is NoticeCode.NOT_SAVED:
        return _(_NOT_SAVED[notice.file]).format(error=notice.error)
    sentences = [_(_UNREADABLE[notice.file]).format(reason=_reason(notice))]
    if notice.newer_schema is not None:
        sentences.append(
            _("It was written by a newer version of FreeCell (schema {schema}).").format(
                schema=notice.newer_schema
            )
        )
    if notice.path is not None:
        sentences.append(_("It was moved aside to {path}.").format(path=path))
    elif notice.code is NoticeCode.UNREADABLE:
        sentences.append(_("It was left where it is."))
    if notice.code is NoticeCode.UNREADABLE_REPLACED:
        sentences.append(_("A new one was saved."))
    elif notice.then is not None:
        sentences.append(_(_THEN[notice.then]))
    return _joined(sentences)


def notices_text(notices: Iterable[StorageNotice]) -> str:
    """Several notices, one after another, as one text (a message bar's line)."""
    return _joined([notice_text(notice) for notice in notices] or [""])


def _joined(sentences: list[str]) -> str:
    # Translators: one sentence after another (Japanese puts no space between them)
    pair = pgettext("sentences", "{first} {second}")
    text = sentences[0]
    for sentence in sentences[1:]:
        text = pair.format(first=text, second=sentence)
    return text


def _reason(notice: StorageNotice) -> str:
    damage = notice.damage or Damage.DAMAGED
    values = {k: v for k, v in notice.damage_values}
    if damage is Damage.TOO_LARGE:
        size = values.get("size")
        values["size"] = format_number(size) if isinstance(size, int) else size
    return _(_DAMAGE[damage]).format(**values)
