"""What the player is told about plugins: every notice of the session, each new one
shown once, and the same failure repeated (a plugin switched on again) told once."""

from __future__ import annotations

from freecell.plugin_host.model import Notice
from freecell.plugin_host.reasons import PluginReason


class NoticeBoard:
    """The session's notices, oldest first, and how many are not taken yet."""

    def __init__(self) -> None:
        self._all: list[Notice] = []
        self._unread = 0

    @property
    def all(self) -> tuple[Notice, ...]:
        return tuple(self._all)

    def post(self, plugin: str, reason: PluginReason) -> None:
        notice = Notice(plugin, reason)
        if self._unread and notice in self._all[-self._unread :]:
            return  # the same failure again (switched on once more): told once
        self._all.append(notice)
        self._unread += 1

    def take(self) -> list[Notice]:
        """The notices not taken yet (show them to the player once)."""
        fresh = self._all[len(self._all) - self._unread :] if self._unread else []
        self._unread = 0
        return list(fresh)
