"""A small on-disk cache for heavy analyses, keyed on everything a result depends on.

A cached result is stored under ``$GAMELIB_CACHE`` (default ``~/.cache/gamelib``), in a file
whose name is a hash of: the question's name, its parameters, and the source code of the
modules that compute it. Change the code, the parameters or a pay table and the key changes, so
a stale result is never returned. ``GAMELIB_CACHE=off`` disables the cache.

The cache can only cost time, never a wrong answer or a crash:

- every file records the inputs that produced it (name, parameters, code fingerprint) and a
  SHA-256 checksum of its data; both are checked on every load. A truncated or garbled file
  (a full disk, a killed copy, a flipped bit, an edit that forgot the checksum) or one made for
  other inputs is computed again and replaced, with one :class:`CacheWarning`. The checksum is
  not a signature: it holds no secret, so someone who can write to the cache folder can write
  an entry with other numbers and their checksum, and it is served. Keep the folder as private
  as the code (it is created with the user's own permissions); never point ``GAMELIB_CACHE`` at
  a folder others may write;
- no file larger than :data:`MAX_ENTRY_BYTES` is read (nor written): a bigger one is treated
  as damaged, never loaded whole into memory;
- a file is written to a temporary file in the same folder, flushed to disk and renamed into
  place, so a reader never sees half a file and a failed write (a full disk) leaves nothing;
- if the folder cannot be written (an unwritable ``HOME``, a path that is a file, a full
  disk), the answer is still returned, with a :class:`CacheWarning` that names
  ``GAMELIB_CACHE``;
- processes that need the same missing entry take turns on a lock file (``filelock``): one
  computes, the others wait and then load its result.

>>> import tempfile, os
>>> saved = os.environ.get("GAMELIB_CACHE")
>>> os.environ["GAMELIB_CACHE"] = tempfile.mkdtemp()
>>> calls = []
>>> cached("demo", {"n": 3}, lambda: calls.append(1) or {"answer": 42})
{'answer': 42}
>>> cached("demo", {"n": 3}, lambda: calls.append(1) or {"answer": 42}), len(calls)
({'answer': 42}, 1)
>>> _ = os.environ.pop("GAMELIB_CACHE") if saved is None else os.environ.update(GAMELIB_CACHE=saved)
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import pkgutil
import tempfile
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # numpy is imported when an array entry is used
    import numpy as np

try:  # a requirement (requirements.txt); without it the cache still works, without the lock
    from filelock import FileLock, Timeout
except ImportError:  # pragma: no cover
    # the names stay bound when filelock is missing: a stand-in of another type, on purpose
    FileLock = None  # type: ignore[assignment,misc]  # no lock: the cache checks for None
    Timeout = TimeoutError  # type: ignore[assignment,misc]  # what a missing lock never raises

T = TypeVar("T")
#: A question's parameters: names to values that JSON can write (sets and numpy values too,
#: through ``_json_default``).
Params = Mapping[str, object]
#: What writes a cache file's bytes into the open temporary file.
Writer = Callable[[IO[bytes]], object]

#: Bumped whenever the layout of a cache file changes: it is part of every key.
FORMAT = 2
#: The name, inside an ``.npz`` file, of the JSON header (inputs and checksum).
HEADER = "__gamelib_cache__"
#: How long a process waits for another one computing the same entry before computing it too.
LOCK_WAIT_SECONDS = 3 * 3600.0
#: Temporary files are named with this prefix; ones older than a day are leftovers of a killed
#: process and are removed by the next write to the folder.
TMP_PREFIX = ".gamelib-tmp-"
_STALE_TMP_SECONDS = 24 * 3600.0
#: The largest cache file read or written (the largest entry the analyses write is a few MB).
MAX_ENTRY_BYTES = 512 * 2**20


def _too_big(size: int) -> str | None:
    """Why a file of ``size`` bytes is not read, or ``None``."""
    if size > MAX_ENTRY_BYTES:
        return f"it is {size:,} bytes, more than the {MAX_ENTRY_BYTES:,} a cache entry may hold"
    return None


class CacheWarning(UserWarning):
    """The disk cache could not be used as it should; the answer returned is still right."""


def cache_dir() -> Path | None:
    """The cache folder, or ``None`` when caching is off (``GAMELIB_CACHE=off``).

    >>> isinstance(cache_dir(), (Path, type(None)))
    True
    """
    setting = os.environ.get("GAMELIB_CACHE", "")
    if setting.lower() == "off":
        return None
    path = Path(setting) if setting else Path.home() / ".cache" / "gamelib"
    return path


def _module_sources(names: Iterable[str]) -> bytes:
    blob = hashlib.sha256()
    for name in sorted(names):
        module = importlib.import_module(name)
        files: list[str] = []
        if hasattr(module, "__path__"):  # a package: every module in it
            for info in pkgutil.walk_packages(module.__path__, prefix=name + "."):
                sub = importlib.import_module(info.name)
                if sub_file := getattr(sub, "__file__", None):
                    files.append(sub_file)
        if module_file := getattr(module, "__file__", None):
            files.append(module_file)
        for f in sorted(set(files)):
            blob.update(Path(f).read_bytes())
    return blob.digest()


def _json_default(value: object) -> dict[str, object]:
    """How a parameter that is not plain JSON enters a key: by type and value, never ambiguously."""
    if isinstance(value, (set, frozenset)):
        return {"set": sorted(json.dumps(v, sort_keys=True, default=_json_default) for v in value)}
    if type(value).__module__ == "numpy" and hasattr(value, "tolist"):  # numpy scalars and arrays
        return {f"numpy.{getattr(value, 'dtype', '')}": value.tolist()}
    return {f"{type(value).__module__}.{type(value).__qualname__}": repr(value)}


def params_json(params: Params) -> str:
    """The parameters as the canonical JSON text that enters a key and each file's header.

    >>> params_json({"b": 1, "a": {2, 1}})
    '{"a": {"set": ["1", "2"]}, "b": 1}'
    """
    return json.dumps(params, sort_keys=True, default=_json_default)


@dataclass(frozen=True)
class _Inputs:
    """Everything a cached result depends on, and the key derived from it."""

    name: str
    params: str  # canonical JSON (params_json)
    code: str  # hex SHA-256 of the source code of the modules that compute it

    @property
    def key(self) -> str:
        h = hashlib.sha256()
        h.update(self.name.encode())
        h.update(self.params.encode())
        h.update(bytes.fromhex(self.code))
        h.update(f"gamelib-cache-format-{FORMAT}".encode())  # files of an older layout are not read
        return f"{self.name}-{h.hexdigest()[:24]}"

    def header(self, checksum: str) -> dict[str, object]:
        return {"format": FORMAT, "key": self.key, "name": self.name, "params": self.params,
                "code": self.code, "sha256": checksum}

    def mismatch(self, header: object) -> str | None:
        """Why a file's header (whatever JSON it held) does not belong to these inputs, or
        ``None`` if it does."""
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            return "it has no header in this format (no checksum, no inputs)"
        for field in ("key", "name", "params", "code"):
            if header.get(field) != getattr(self, field):
                return f"it was computed for other inputs ({field} {header.get(field)!r:.80})"
        if not isinstance(header.get("sha256"), str):
            return "it has no checksum"
        return None


def _inputs(name: str, params: Params, code_modules: Iterable[str]) -> _Inputs:
    return _Inputs(name, params_json(params), _module_sources(code_modules).hex())


def cache_key(name: str, params: Params, code_modules: Iterable[str] = ()) -> str:
    """The hash that names a cached result.

    >>> cache_key("x", {"a": 1}) == cache_key("x", {"a": 1}) != cache_key("x", {"a": 2})
    True
    """
    return _inputs(name, params, code_modules).key


# --- warnings ----------------------------------------------------------------------------------

_WARNED: set[tuple[str, ...]] = set()


def _warn(once: tuple[str, ...], message: str) -> None:
    """One :class:`CacheWarning` per ``once`` per process (a loop must not repeat it)."""
    if once in _WARNED:
        return
    _WARNED.add(once)
    warnings.warn(message, CacheWarning, stacklevel=5)


def _warn_damaged(path: Path, problem: str) -> None:
    _warn(("damaged", str(path), problem),
          f"gamelib cache: {path} cannot be used: {problem}. Computing it again and replacing it.")


def _warn_not_cached(folder: Path | str, name: str, error: BaseException | str) -> None:
    _warn(("not-cached", str(folder)),
          f"gamelib cache: the result of {name!r} was computed but not cached in {folder} ({error}), "
          "so it will be computed again next time. Set GAMELIB_CACHE to a writable folder "
          "(e.g. GAMELIB_CACHE=/tmp/gamelib-cache), or GAMELIB_CACHE=off to stop caching.")


# --- writing and locking -----------------------------------------------------------------------


def _remove_stale_tmp(folder: Path) -> None:
    """Temporary files left by a process killed mid-write (older than a day)."""
    now = time.time()
    with suppress(OSError):
        for leftover in folder.glob(TMP_PREFIX + "*"):
            with suppress(OSError):
                if now - leftover.stat().st_mtime > _STALE_TMP_SECONDS:
                    leftover.unlink()


def _refuse_to_write(why: str) -> Writer:
    """A writer that writes nothing: the entry is not cached (an ``OSError``, warned about)."""
    def refuse(fh: IO[bytes]) -> object:
        raise OSError(f"not written: {why}")
    return refuse


def _write_atomically(path: Path, write: Writer) -> None:
    """Write ``path`` through ``write(binary_file)``: a temporary file in the same folder,
    flushed and synced, then renamed over ``path``. On any failure nothing is left behind."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=TMP_PREFIX, suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        with suppress(FileNotFoundError):
            os.unlink(tmp)  # still there only when something above failed
    with suppress(OSError):  # make the rename itself durable
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    _remove_stale_tmp(path.parent)


@contextmanager
def _entry_lock(path: Path) -> Iterator[None]:
    """Hold ``<key>.lock`` next to the entry; removed before release, so none is left behind.

    Raises ``OSError`` if the lock file cannot be created (the folder is not writable) and
    ``Timeout`` after :data:`LOCK_WAIT_SECONDS`.
    """
    if FileLock is None:  # pragma: no cover
        yield
        return
    lock_path = path.with_suffix(".lock")
    lock_path.touch()  # a clear OSError here if the folder is not writable
    lock = FileLock(lock_path, timeout=LOCK_WAIT_SECONDS)
    lock.acquire()
    try:
        yield
    finally:
        try:
            with suppress(OSError):
                lock_path.unlink()  # while held: a waiter on this inode sees it unlinked and retries
        finally:
            lock.release()


# --- the two kinds of entries ------------------------------------------------------------------


def _sha256_arrays(arrays: Mapping[str, np.ndarray]) -> str:
    """SHA-256 over each array's name, dtype, shape and bytes, in name order."""
    import numpy as np

    h = hashlib.sha256()
    for name in sorted(arrays):
        a = np.ascontiguousarray(arrays[name])
        if a.dtype.hasobject:
            raise TypeError(f"cached arrays hold numbers, not Python objects: {name!r} has dtype {a.dtype}")
        h.update(json.dumps([name, a.dtype.str, list(a.shape)]).encode())
        h.update(a.reshape(-1).view(np.uint8).data)
    return h.hexdigest()


def _read_npz(path: Path, inputs: _Inputs) -> tuple[dict[str, np.ndarray] | None, str | None]:
    """``(arrays, None)``, ``(None, None)`` if absent, or ``(None, why it cannot be used)``."""
    import numpy as np

    try:
        if big := _too_big(path.stat().st_size):
            return None, big
        data = np.load(path, allow_pickle=False)
        if not isinstance(data, np.lib.npyio.NpzFile):
            return None, "it is not an .npz archive"
        with data:
            members = data.zip.infolist() if data.zip is not None else []
            if big := _too_big(sum(info.file_size for info in members)):  # as unpacked
                return None, big
            if HEADER not in data.files:
                return None, "it has no header (no checksum, no inputs)"
            header = json.loads(str(data[HEADER][()]))
            problem = inputs.mismatch(header)
            if problem:
                return None, problem
            arrays = {k: data[k] for k in data.files if k != HEADER}
    except (FileNotFoundError, NotADirectoryError):  # absent, or its folder is a file
        return None, None
    except MemoryError:
        raise
    except Exception as exc:  # BadZipFile, EOFError, ValueError, OSError, zlib.error, ...
        return None, f"it cannot be read ({type(exc).__name__}: {exc})"
    if _sha256_arrays(arrays) != header["sha256"]:
        return None, "its numbers do not match their checksum"
    return arrays, None


def _read_json(path: Path, inputs: _Inputs) -> tuple[Any, str | None]:
    """``(result, None)``, ``(None, None)`` if absent, or ``(None, why it cannot be used)``."""
    try:
        if big := _too_big(path.stat().st_size):
            return None, big
        header_line, newline, body = path.read_bytes().partition(b"\n")
        header = json.loads(header_line)
        problem = inputs.mismatch(header)
        if problem:
            return None, problem
        if not newline or hashlib.sha256(body).hexdigest() != header["sha256"]:
            return None, "its data do not match their checksum"
        return json.loads(body), None
    except (FileNotFoundError, NotADirectoryError):  # absent, or its folder is a file
        return None, None
    except (OSError, ValueError) as exc:  # ValueError: bad JSON or bad UTF-8
        return None, f"it cannot be read ({type(exc).__name__}: {exc})"


def _folder() -> Path | None:
    """:func:`cache_dir`, or ``None`` (with a warning) when it cannot even be named."""
    try:
        return cache_dir()
    except RuntimeError as exc:  # Path.home(): no HOME and no user entry
        _warn_not_cached("~/.cache/gamelib", "(any)", exc)
        return None


def _through_cache(
    folder: Path,
    inputs: _Inputs,
    suffix: str,
    compute: Callable[[], T],
    read: Callable[[Path, _Inputs], tuple[T | None, str | None]],
    encode: Callable[[T, _Inputs], Writer],
) -> tuple[T, bool]:
    """The answer, and whether it is (now) stored in ``folder``."""
    path = folder / (inputs.key + suffix)
    value, problem = read(path, inputs)
    if value is not None:
        return value, True
    with ExitStack() as held:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            held.enter_context(_entry_lock(path))
        except (OSError, Timeout) as exc:  # not writable, or another process held it too long
            if problem:
                _warn_damaged(path, problem)
            result = compute()
            _warn_not_cached(folder, inputs.name, exc)
            return result, False
        value, problem = read(path, inputs)  # another process may have stored it while we waited
        if value is not None:
            return value, True
        if problem:
            _warn_damaged(path, problem)
        result = compute()
        writer = encode(result, inputs)
        try:
            _write_atomically(path, writer)
        except OSError as exc:
            _warn_not_cached(folder, inputs.name, exc)
            return result, False
        return result, True


def cached(name: str, params: Params, compute: Callable[[], T], code_modules: Iterable[str] = ()) -> T:
    """Return the cached JSON-able result for (name, params, code), computing and storing it if absent.

    The file holds one line of header (the inputs and the SHA-256 of the data) and then the
    result as JSON; both are checked on load.

    >>> import tempfile, os
    >>> saved = os.environ.get("GAMELIB_CACHE")
    >>> os.environ["GAMELIB_CACHE"] = folder = tempfile.mkdtemp()
    >>> cached("demo-json", {"n": 1}, lambda: [1, 2])
    [1, 2]
    >>> cached("demo-json", {"n": 1}, lambda: [3]), os.listdir(folder) == [cache_key("demo-json", {"n": 1}) + ".json"]
    ([1, 2], True)
    >>> _ = os.environ.pop("GAMELIB_CACHE") if saved is None else os.environ.update(GAMELIB_CACHE=saved)
    """

    def encode(result: T, inputs: _Inputs) -> Writer:
        body = json.dumps(result).encode()  # a result that is not JSON fails here, before any file
        header = json.dumps(inputs.header(hashlib.sha256(body).hexdigest())).encode()
        if big := _too_big(len(header) + 1 + len(body)):
            return _refuse_to_write(big)
        return lambda fh: fh.write(header + b"\n" + body)

    folder = _folder()
    if folder is None:
        return compute()
    # What a file holds is the JSON of a result ``compute`` returned: read back, it is a T again.
    read: Callable[[Path, _Inputs], tuple[T | None, str | None]] = _read_json
    return _through_cache(folder, _inputs(name, params, code_modules), ".json", compute, read, encode)[0]


_ARRAYS: dict[str, dict[str, np.ndarray]] = {}  # verified arrays of this process, by cache file (read-only)


def cached_arrays(
    name: str, params: Params, compute: Callable[[], dict[str, np.ndarray]], code_modules: Iterable[str] = ()
) -> dict[str, np.ndarray]:
    """Like :func:`cached` for a dict of numpy arrays, stored as one ``.npz`` file.

    The file also holds a header (the inputs and a SHA-256 of every array's name, dtype, shape and
    bytes), checked on load. Arrays that come from the cache are read-only, so that no caller can
    change them for the next one.

    >>> import numpy as np, tempfile, os
    >>> saved = os.environ.get("GAMELIB_CACHE")
    >>> os.environ["GAMELIB_CACHE"] = tempfile.mkdtemp()
    >>> out = cached_arrays("demo-arrays", {"n": 2}, lambda: {"a": np.arange(3)})
    >>> cached_arrays("demo-arrays", {"n": 2}, lambda: {"a": np.zeros(1)})["a"].tolist()
    [0, 1, 2]
    >>> _ = os.environ.pop("GAMELIB_CACHE") if saved is None else os.environ.update(GAMELIB_CACHE=saved)
    """
    import numpy as np

    folder = _folder()
    if folder is None:
        return compute()
    inputs = _inputs(name, params, code_modules)
    path = folder / (inputs.key + ".npz")
    if str(path) in _ARRAYS and path.exists():  # already loaded by this process (same key)
        return dict(_ARRAYS[str(path)])

    def encode(result: dict[str, np.ndarray], inputs: _Inputs) -> Writer:
        if HEADER in result:
            raise ValueError(f"{HEADER!r} is reserved for the cache's header; name the array otherwise")
        arrays = {k: np.asarray(v) for k, v in result.items()}
        if big := _too_big(sum(a.nbytes for a in arrays.values())):
            return _refuse_to_write(big)
        header = np.array(json.dumps(inputs.header(_sha256_arrays(arrays))))
        # allow_pickle=False says what _sha256_arrays already ensures (numbers, no objects),
        # and keeps the unpacked arrays from being matched against that flag.
        return lambda fh: np.savez(fh, allow_pickle=False, **arrays, **{HEADER: header})

    result, stored = _through_cache(folder, inputs, ".npz", compute, _read_npz, encode)
    if not stored:  # not on disk: nothing to share with the next call
        return result
    arrays = {k: np.asarray(v) for k, v in result.items()}
    for a in arrays.values():
        a.flags.writeable = False
    _ARRAYS[str(path)] = arrays
    return dict(arrays)
