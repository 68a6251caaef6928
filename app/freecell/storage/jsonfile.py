"""One JSON file on disk, kept safe: versioned, atomic, backed up, locked.

Every file the game writes goes through :class:`JsonFile`, so every file gets the
same guarantees -- the player never loses what they earned because a write was cut
short, a disk filled up, or a file was damaged by hand:

* **Versioned.** The top level is a JSON object with an integer ``version``.  An
  older version is migrated step by step (``migrations[v]`` turns version *v* into
  *v + 1*).  A newer version is read as far as this program understands it, and the
  original bytes are first copied aside, so nothing a newer release wrote is ever
  silently discarded.
* **Atomic.** A write goes to a temporary file in the same folder, is flushed and
  fsynced, and then ``os.replace`` puts it in place (and the folder is fsynced on
  POSIX).  At every instant the file on disk is the old good version or the new
  one; a process killed mid-write leaves at most a stray temporary file, which the
  next writer sweeps away.
* **Backed up.** Once the new version is in place, the previous good copy becomes
  ``<name>.bak`` (a hard link, so no extra copying; a plain copy where links are not
  supported); a damaged file never becomes the backup.
* **Never deleted.** A file that cannot be read -- garbage, truncated, empty, the
  wrong JSON type, no version, or a version that cannot be understood -- is *moved*
  aside to ``<stem>.unreadable-<UTC timestamp>[-n]<suffix>`` (exclusive creation, so
  two move-asides in the same second never collide and nothing is overwritten), the
  player is told in one sentence (appended to ``notices``, once per file and
  session), and loading falls back to the backup, else to the caller's defaults.
  A save never writes over a file it cannot read: that file is moved aside first.
* **Bounded.** A file larger than ``max_bytes`` (a few MB; far beyond anything the
  game writes) is damage, read no further than the bound, and moved aside like
  any other unreadable file.
* **Locked.** Two copies of the game running at once take an exclusive lock on a
  side file ``.<name>.lock`` (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on
  Windows) around every read and write.  The lock is what lets a store do
  read-merge-write (statistics re-read the file under the lock before adding a game,
  so two running copies both count their games).  The lock is re-entrant within a
  process, and a lock that cannot be had within ``LOCK_TIMEOUT`` seconds (a hung
  copy) is given up on with a log warning: the write is still atomic, so the file
  stays whole.  The lock itself lives in :mod:`freecell.storage.locking`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from freecell.storage.aside import move_aside
from freecell.storage.locking import READ_TIMEOUT, LockUnavailable, file_lock
from freecell.storage.notices import Damage, FileKind, NoticeCode, StorageNotice, Then
from freecell.storage.safe_read import FileTooLarge, SpecialFile, read_bounded

log = logging.getLogger(__name__)

T = TypeVar("T")
JsonObject = dict[str, Any]
Migration = Callable[[JsonObject], JsonObject]

BACKUP_SUFFIX = ".bak"
DEFAULT_MAX_BYTES = 8 * 1024 * 1024
# Any id a stored file holds (a variant, theme, plugin...): far beyond a real one; the
# size bounds alone would let one string cost the game gigabytes (issue 36).
MAX_ID_LENGTH = 200


def utc_now() -> time.struct_time:
    """Now in UTC, for the moved-aside file's name (``time``, not ``datetime``:
    importing ``datetime`` would cost the first paint a few ms)."""
    return time.gmtime()


class UnreadableFile(Exception):
    """The file's content cannot be understood: ``damage`` says why, in a code the
    player's notice words; ``reason`` is the English detail for the log (it completes
    "because ...")."""

    def __init__(self, reason: str, damage: Damage = Damage.DAMAGED, **values: object) -> None:
        super().__init__(reason)
        self.reason = reason
        self.damage = damage
        self.values = values
        self.newer_schema: int | None = None


# -- the file ----------------------------------------------------------------------


class JsonFile:
    """A versioned JSON document at ``path``; see the module docstring for the rules.

    ``what`` names the file for the player; ``notices`` is the list the messages for
    the player go to, as codes (share one list between files so the session can show
    them all); ``then`` is what the game does when the file and its backup are both
    unreadable.
    """

    def __init__(
        self,
        path: Path,
        *,
        what: FileKind,
        version: int,
        migrations: Mapping[int, Migration] | None = None,
        notices: list[StorageNotice] | None = None,
        indent: int | None = None,
        max_bytes: int = DEFAULT_MAX_BYTES,
        then: Then | None = None,
    ) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes
        self.then = then  # None: the defaults are used
        self._told: set[StorageNotice] = set()
        self._set_aside = False  # this session moved the file aside: its absence is known
        # a damaged file that could not be moved aside (immutable, a read-only folder):
        # its identity and the error, so later saves fail at once and say nothing new
        self._stuck: tuple[tuple[int, int, int, int], OSError] | None = None
        self.indent = indent  # None: compact, and json's C encoder (10x faster)
        self.what = what
        self.version = version
        self.migrations = dict(migrations or {})
        self.notices: list[StorageNotice] = notices if notices is not None else []

    # -- paths ---------------------------------------------------------------------
    @property
    def backup_path(self) -> Path:
        return self.path.with_name(self.path.name + BACKUP_SUFFIX)

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(f".{self.path.name}.lock")

    def lock(self) -> contextlib.AbstractContextManager[bool]:
        """The inter-process lock for this file (re-entrant); hold it to read-merge-write.
        It yields whether the lock is held: a reader goes on without it, a save does
        not (:class:`~freecell.storage.locking.LockUnavailable`)."""
        return file_lock(self.lock_path)

    # -- reading -------------------------------------------------------------------
    def load(self, decode: Callable[[JsonObject], T]) -> T | None:
        """The decoded content, from the file, else its backup, else None (defaults).

        ``decode`` receives the object migrated to this version (or, from a newer
        version, as it is) and raises :class:`UnreadableFile` (or ValueError/TypeError)
        when it cannot make sense of it.  Never raises for bad content.
        """
        if not os.path.lexists(self.path) and not os.path.lexists(self.backup_path):
            return None
        with file_lock(self.lock_path, READ_TIMEOUT):  # not had in time: read anyway
            try:
                return self._load_main(decode)
            except FileNotFoundError:
                return self._load_backup(decode, after=None)
            except OSError as error:  # cannot even be opened: leave it where it is
                return self._load_backup(decode, after=(_os_problem(error), None))
            except UnreadableFile as problem:
                if self._stuck is not None and self._stuck[0] == _identity(self.path):
                    return self._backup_quietly(decode)  # said once already
                aside = self._move_aside_or_stick(self.path)
                self._set_aside = aside is not None
                return self._load_backup(decode, after=(problem, aside))

    def peek(self, decode: Callable[[JsonObject], T]) -> T | None:
        """The main file decoded, or None; no side effects (nothing moved, no notice)."""
        try:
            return self._decode(self._parse(self._read(self.path)), decode)
        except (OSError, UnreadableFile):
            return None

    def _read(self, path: Path) -> bytes:
        """The file's bytes, never more than ``max_bytes`` of them, and only from a
        regular file (else UnreadableFile; a FIFO is not waited on)."""
        try:
            return read_bounded(path, self.max_bytes)
        except FileTooLarge:
            size = self.max_bytes // 1024
            raise UnreadableFile(
                f"it is larger than {size:,} KB", Damage.TOO_LARGE, size=size
            ) from None
        except SpecialFile as error:
            raise UnreadableFile(
                f"it is a {error.kind}, not a regular file", Damage.NOT_A_FILE
            ) from None

    def _load_main(self, decode: Callable[[JsonObject], T]) -> T:
        raw = self._read(self.path)
        data = self._parse(raw)
        found = data["version"]
        value = self._decode(data, decode)
        if found > self.version:
            kept = self._existing_copy(raw, f"from-v{found}") or self._copy_aside(
                raw, f"from-v{found}"
            )

            log.warning(
                "the %s file is from version %s; the original is kept as %s", self.what, found, kept
            )
            self.tell(StorageNotice(NoticeCode.NEWER_VERSION, self.what, path=kept))
        return value

    def _backup_quietly(self, decode: Callable[[JsonObject], T]) -> T | None:
        try:
            return self._decode(self._parse(self._read(self.backup_path)), decode)
        except (OSError, UnreadableFile):
            return None

    def _load_backup(
        self,
        decode: Callable[[JsonObject], T],
        after: tuple[UnreadableFile, Path | None] | None,
    ) -> T | None:
        value: T | None = None
        try:
            value = self._decode(self._parse(self._read(self.backup_path)), decode)
        except (OSError, UnreadableFile):
            value = None

        if after is None:  # the file itself is missing: someone removed it (or we did)
            if value is not None and not self._set_aside:
                log.warning("the %s file was missing; its backup was loaded", self.what)
                missing = NoticeCode.MISSING_BACKUP_LOADED
                self.tell(StorageNotice(missing, self.what, self.backup_path))
            return value
        problem, aside = after
        then = Then.BACKUP_LOADED if value is not None else self.then or Then.DEFAULTS
        log.warning(
            "the %s file could not be read (%s); moved aside to %s, %s",
            self.what,
            problem.reason,
            aside,
            then.value,
        )
        self.tell(self._unreadable(NoticeCode.UNREADABLE, problem, aside, then))
        return value

    def _unreadable(
        self, code: NoticeCode, problem: UnreadableFile, aside: Path | None, then: Then | None
    ) -> StorageNotice:

        return StorageNotice(
            code,
            self.what,
            path=aside,
            damage=problem.damage,
            damage_values=tuple(sorted(problem.values.items())),
            newer_schema=problem.newer_schema,
            then=then,
        )

    def _parse(self, raw: bytes) -> JsonObject:
        if not raw.strip():
            raise UnreadableFile("it is empty", Damage.EMPTY)
        try:
            data = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise UnreadableFile("it is not text", Damage.NOT_TEXT) from None
        except RecursionError:
            raise UnreadableFile("it is nested too deeply", Damage.TOO_DEEP) from None
        except ValueError:
            raise UnreadableFile(
                "it is not valid JSON, perhaps cut short", Damage.NOT_JSON
            ) from None
        if not isinstance(data, dict):
            raise UnreadableFile(
                f"it holds a JSON {_json_type(data)} instead of an object", Damage.NOT_AN_OBJECT
            )
        found = data.get("version")
        if isinstance(found, bool) or not isinstance(found, int) or found < 1:
            raise UnreadableFile("it has no valid schema version", Damage.NO_VERSION)
        return data

    def _decode(self, data: JsonObject, decode: Callable[[JsonObject], T]) -> T:
        found: int = data["version"]
        try:
            while found < self.version:
                step = self.migrations.get(found)
                if step is None:
                    raise UnreadableFile(
                        f"schema version {found} is too old to read", Damage.TOO_OLD, version=found
                    )
                data = step(dict(data))
                found += 1
                data["version"] = found
            return decode(data)
        except UnreadableFile as e:
            problem = e
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            problem = UnreadableFile(f"its content makes no sense: {e}")
        if found > self.version:
            problem.reason += f"; it was written by a newer version of FreeCell (schema {found})"
            problem.newer_schema = found
        raise problem

    # -- writing -------------------------------------------------------------------
    def save(self, payload: Mapping[str, Any]) -> None:
        """Write ``payload`` (plus this version) atomically, keeping the old copy as backup."""
        document = dict(payload)
        document["version"] = self.version
        text = json.dumps(document, ensure_ascii=False, indent=self.indent) + "\n"
        self.save_bytes(text.encode("utf-8"))

    def save_bytes(self, data: bytes) -> None:
        folder = self.path.parent
        folder.mkdir(parents=True, exist_ok=True)
        with self.lock() as held:
            if not held:  # another copy holds it: what it writes must not be lost
                raise LockUnavailable(self.lock_path)
            self._sweep_temporaries()
            temp = folder / f".{self.path.name}.{os.getpid()}.{time.monotonic_ns()}.tmp"
            previous: Path | None = None
            try:
                with open(temp, "xb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
                previous = self._hold_previous()
                _replace(temp, self.path)
                if previous is not None:
                    _replace(previous, self.backup_path)
            except BaseException:
                for leftover in (temp, previous):
                    if leftover is not None:
                        with contextlib.suppress(OSError):
                            leftover.unlink()
                raise
            _fsync_folder(folder)

    def _hold_previous(self) -> Path | None:
        """A second name for the current file, when it is a readable version.

        It becomes the backup only *after* the new version is in place, so a writer
        killed in between leaves the older backup, never a backup equal to the file.
        A hard link costs nothing; where links are not supported, a copy.
        """
        if self._stuck is not None and self._stuck[0] == _identity(self.path):
            raise self._stuck[1]  # told once already; nothing read, nothing copied
        try:
            self._parse(self._read(self.path))
        except UnreadableFile as problem:  # never written over: kept aside first
            try:
                aside = self._move_aside(self.path, "unreadable")
            except OSError as error:
                self._stick(problem, error)
                raise
            self._set_aside = aside is not None
            log.warning(
                "the %s file could not be read (%s); moved aside to %s, replaced",
                self.what,
                problem.reason,
                aside,
            )
            self.tell(self._unreadable(NoticeCode.UNREADABLE_REPLACED, problem, aside, None))
            return None
        except OSError:
            return None
        held = self.path.parent / f".{self.path.name}.bak.{os.getpid()}.{time.monotonic_ns()}.tmp"
        try:
            os.link(self.path, held)
        except OSError:
            shutil.copyfile(self.path, held)
            with open(held, "rb+") as handle:
                os.fsync(handle.fileno())
        return held

    def _sweep_temporaries(self) -> None:
        """Remove temporary files left by a writer that died (we hold the lock)."""
        for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    # -- moving aside ----------------------------------------------------------------
    def _aside_name(self, tag: str, n: int) -> Path:
        stamp = time.strftime("%Y%m%dT%H%M%SZ", utc_now())
        counter = f"-{n}" if n > 1 else ""
        return self.path.with_name(f"{self.path.stem}.{tag}-{stamp}{counter}{self.path.suffix}")

    def _copy_aside(self, raw: bytes, tag: str) -> Path | None:
        """Write ``raw`` to a new, never-existing file beside this one; its path."""
        for n in range(1, 1000):
            candidate = self._aside_name(tag, n)
            try:
                with open(candidate, "xb") as handle:
                    handle.write(raw)
                    handle.flush()
                    os.fsync(handle.fileno())
                return candidate
            except FileExistsError:
                continue
            except OSError as e:
                log.error("could not keep a copy of %s: %s", self.path, e)
                return None
        return None

    def _existing_copy(self, raw: bytes, tag: str) -> Path | None:
        """A copy of exactly ``raw`` already kept aside (so each start does not add one)."""
        for kept in self.path.parent.glob(f"{self.path.stem}.{tag}-*{self.path.suffix}"):
            with contextlib.suppress(OSError):
                if read_bounded(kept, len(raw)) == raw:
                    return kept
        return None

    def _move_aside(self, path: Path, tag: str) -> Path | None:
        """Move an unreadable file out of the way under a new name; never read it,
        never overwrite.  Raises the OSError that stops it (an immutable file)."""
        if not os.path.lexists(path):
            return None
        return move_aside(path, lambda n: self._aside_name(tag, n))

    def _move_aside_or_stick(self, path: Path) -> Path | None:
        """:meth:`_move_aside` for a load: a file that cannot be moved is left where
        it is (and remembered, so saves do not try again and again)."""
        try:
            return self._move_aside(path, "unreadable")
        except OSError as error:
            log.error("could not move %s aside: %s", path, error)
            self._stuck = (_identity(path), error)
            return None

    def _stick(self, problem: UnreadableFile, error: OSError) -> None:
        """A damaged file found while saving cannot be moved aside: say so once,
        and make every later save of the same file fail at once, quietly."""

        log.error(
            "the %s file could not be read (%s) nor moved aside: %s",
            self.what,
            problem.reason,
            error,
        )
        self._stuck = (_identity(self.path), error)
        self.tell(self._unreadable(NoticeCode.UNREADABLE, problem, None, None))

    @property
    def told(self) -> frozenset[StorageNotice]:
        """The notices this file has told this session."""
        return frozenset(self._told)

    def tell(self, notice: StorageNotice) -> None:
        """Tell the player once: the same notice is not repeated in one session."""
        if notice not in self._told:
            self._told.add(notice)
            self.notices.append(notice)


def _identity(path: Path) -> tuple[int, int, int, int]:
    """Which file is at ``path`` (device, inode, size, change time); never opened."""
    try:
        st = os.lstat(path)
    except OSError:
        return (0, 0, 0, 0)
    return (st.st_dev, st.st_ino, st.st_size, st.st_ctime_ns)


def _os_problem(error: OSError) -> UnreadableFile:
    said = str(error.strerror or error)
    return UnreadableFile(f"it could not be opened: {said}", Damage.CANNOT_OPEN, error=said)


def _json_type(value: object) -> str:
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "true/false value"
    if isinstance(value, int | float):
        return "number"
    if value is None:
        return "null"
    return type(value).__name__


def _replace(source: Path, target: Path) -> None:
    """``os.replace``; on Windows, retried briefly while a reader holds the target open."""
    for attempt in range(50):
        try:
            os.replace(source, target)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 49:
                raise
            time.sleep(0.02)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX only; Windows has no folder handles)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
