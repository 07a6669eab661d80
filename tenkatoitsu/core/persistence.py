"""Writing files (saves, formatted scenarios, sim tables and plots): atomically,
so a crash never leaves half a file; destinations checked before the work
that fills them; a fallback file when the destination fails at the end.
The save format itself is tenkatoitsu.saves."""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

#: a temporary file left by a killed write is swept by the next write of the
#: same file once it is this old (seconds): a live write takes far less
STALE_SECONDS = 600


class SaveError(ValueError):
    """A save file that cannot be read; the message says why."""


class DestinationError(ValueError):
    """An output file that cannot be written, named by the option that gave it."""

    def __init__(self, option: str, reason: str):
        super().__init__(f"{option}: {reason}")
        self.option = option
        self.reason = reason


# ---------------------------------------------------------------- checks before the work

def check_destination(path: str | Path, option: str) -> None:
    """Raise DestinationError (naming `option`) unless `path` can be written
    atomically: a non-empty name, not a folder, in a folder that exists and
    takes new files, not a read-only or special file. Nothing is left behind."""
    text = str(path)
    if not text.strip():
        raise DestinationError(option, "an empty file name")
    if "\0" in text:
        raise DestinationError(option, "a file name cannot hold a NUL character")
    try:
        _check(text, option)
    except OSError as e:  # a name too long, a loop of links...
        raise DestinationError(option, f"cannot write '{text}' ({_why(e)})") from None


def _check(text: str, option: str) -> None:
    p = Path(text)
    if text.endswith(("/", os.sep)) or p.is_dir():
        raise DestinationError(option, f"'{text}' is a folder; give a file name")
    target = _real(p)
    folder = target.parent
    if not folder.exists():
        raise DestinationError(option, f"no folder '{folder}' (create it first)")
    if not folder.is_dir():
        raise DestinationError(option, f"'{folder}' is not a folder")
    if target.exists():
        if not target.is_file():
            raise DestinationError(option, f"'{text}' is not a regular file")
        if not os.access(target, os.W_OK):
            raise DestinationError(option, f"'{text}' is read-only")
    try:  # the one sure test: make the temporary file a write would make
        fd, tmp = _temporary(target)
    except OSError as e:
        raise DestinationError(option, f"cannot write in '{folder}' ({_why(e)})") from None
    os.close(fd)
    os.unlink(tmp)


# ---------------------------------------------------------------- atomic writes

def write_json_atomically(path: str | Path, data: dict) -> None:
    write_text_atomically(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def write_text_atomically(path: str | Path, text: str) -> None:
    write_bytes_atomically(path, text.encode("utf-8"))


def write_bytes_atomically(path: str | Path, data: bytes) -> None:
    """Write beside the target and rename over it: a crash never leaves half a
    file. An existing file keeps its mode (a new one gets the umask's, as with
    `open`); a symbolic link is written through; the temporary file is removed
    when anything fails; the folder is synced after the rename."""
    target = _real(Path(path))
    _sweep_stale(target)
    fd, tmp = _temporary(target)
    try:
        try:
            old = os.stat(target)
        except FileNotFoundError:
            old = None
        if old is not None:  # its owner where allowed, then its mode
            if hasattr(os, "chown") and (old.st_uid, old.st_gid) != _owner(fd):
                try:
                    os.chown(tmp, old.st_uid, old.st_gid)
                except OSError:
                    pass
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
        with os.fdopen(fd, "wb") as f:
            fd = -1
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(target.parent)


def _real(path: Path) -> Path:
    """The file a write lands in: a symbolic link's target."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _prefix(target: Path) -> str:
    return f".{target.name[:64]}."


def _temporary(target: Path) -> tuple[int, str]:
    """A new file beside `target`, created with mode 0o666 less the umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    folder = target.parent
    for _ in range(100):
        tmp = str(folder / f"{_prefix(target)}{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def _owner(fd: int) -> tuple[int, int]:
    st = os.fstat(fd)
    return st.st_uid, st.st_gid


def _sweep_stale(target: Path) -> None:
    """Remove temporary files of `target` that a killed write left behind."""
    pattern = re.compile(re.escape(_prefix(target)) + r"[0-9a-f]{8}\.tmp")
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return
    now = time.time()
    for entry in entries:
        if pattern.fullmatch(entry.name):
            try:
                if now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS:
                    os.unlink(entry.path)
            except OSError:
                pass


def _sync_folder(folder: Path) -> None:
    """fsync a folder, so a rename in it survives a power cut (POSIX only)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder
    finally:
        os.close(fd)


# ---------------------------------------------------------------- the last resort

def fallback_folders() -> list[Path]:
    """Where an output goes when its destination fails: here, else the temp folder."""
    out = []
    for folder in (Path.cwd, lambda: Path(tempfile.gettempdir())):
        try:
            out.append(folder())
        except OSError:  # the current folder was removed
            pass
    return out


def fallback_path(path: str | Path, folder: Path) -> Path:
    """A new file in `folder` named after `path` and the time: game-20250301-141502.json."""
    name = Path(str(path).rstrip("/" + os.sep)).name or "tenkatoitsu"
    stem, suffix = os.path.splitext(name)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    candidate = folder / f"{stem}-{stamp}{suffix}"
    n = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{stamp}-{n}{suffix}"
        n += 1
    return candidate


def write_with_fallback(path: str | Path, write: Callable[[Path], None]) -> tuple[Path, str | None]:
    """`write(path)`; when it fails, `write` a fallback file instead (see
    `fallback_folders`). Returns the file written and why `path` was not (None
    when it was). Raises OSError, saying what was tried, when nothing could be written."""
    try:
        write(Path(path))
        return Path(path), None
    except (OSError, ValueError) as e:
        why = _why(e)
    tried = []
    for folder in fallback_folders():
        candidate = fallback_path(path, folder)
        try:
            write(candidate)
            return candidate, why
        except (OSError, ValueError) as e:
            tried.append(f"{candidate}: {_why(e)}")
    raise OSError(f"cannot write '{path}' ({why}), nor " + "; nor ".join(tried))


def _why(e: BaseException) -> str:
    return e.strerror if isinstance(e, OSError) and e.strerror else str(e)
