"""A small on-disk cache for heavy analyses, keyed on everything a result depends on.

A cached result is stored as JSON under ``$GAMELIB_CACHE`` (default ``~/.cache/gamelib``), in a
file whose name is a hash of: the question's name, its parameters, and the source code of the
modules that compute it. Change the code, the parameters or a pay table and the key changes, so
a stale result is never returned. ``GAMELIB_CACHE=off`` disables the cache.

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
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


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
        files = []
        if hasattr(module, "__path__"):  # a package: every module in it
            for info in pkgutil.walk_packages(module.__path__, prefix=name + "."):
                sub = importlib.import_module(info.name)
                if getattr(sub, "__file__", None):
                    files.append(sub.__file__)
        if getattr(module, "__file__", None):
            files.append(module.__file__)
        for f in sorted(set(files)):
            blob.update(Path(f).read_bytes())
    return blob.digest()


def cache_key(name: str, params: Any, code_modules: Iterable[str] = ()) -> str:
    """The hash that names a cached result.

    >>> cache_key("x", {"a": 1}) == cache_key("x", {"a": 1}) != cache_key("x", {"a": 2})
    True
    """
    h = hashlib.sha256()
    h.update(name.encode())
    h.update(json.dumps(params, sort_keys=True, default=str).encode())
    h.update(_module_sources(code_modules))
    return f"{name}-{h.hexdigest()[:24]}"


def cached(name: str, params: Any, compute: Callable[[], T], code_modules: Iterable[str] = ()) -> T:
    """Return the cached JSON-able result for (name, params, code), computing and storing it if absent."""
    folder = cache_dir()
    if folder is None:
        return compute()
    path = folder / (cache_key(name, params, code_modules) + ".json")
    if path.exists():
        try:
            return json.loads(path.read_text())  # type: ignore[no-any-return]
        except (OSError, ValueError):
            pass  # a damaged file is recomputed
    result = compute()
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
    with os.fdopen(fd, "w") as fh:
        json.dump(result, fh)
    os.replace(tmp, path)
    return result


_ARRAYS: dict[str, dict[str, Any]] = {}  # arrays loaded by this process, by cache file


def cached_arrays(
    name: str, params: Any, compute: Callable[[], dict[str, Any]], code_modules: Iterable[str] = ()
) -> dict[str, Any]:
    """Like :func:`cached` for a dict of numpy arrays, stored as one ``.npz`` file.

    >>> import numpy as np, tempfile, os
    >>> saved = os.environ.get("GAMELIB_CACHE")
    >>> os.environ["GAMELIB_CACHE"] = tempfile.mkdtemp()
    >>> out = cached_arrays("demo-arrays", {"n": 2}, lambda: {"a": np.arange(3)})
    >>> cached_arrays("demo-arrays", {"n": 2}, lambda: {"a": np.zeros(1)})["a"].tolist()
    [0, 1, 2]
    >>> _ = os.environ.pop("GAMELIB_CACHE") if saved is None else os.environ.update(GAMELIB_CACHE=saved)
    """
    import numpy as np

    folder = cache_dir()
    if folder is None:
        return compute()
    path = folder / (cache_key(name, params, code_modules) + ".npz")
    if str(path) in _ARRAYS and path.exists():  # already loaded by this process (same key)
        return dict(_ARRAYS[str(path)])
    if path.exists():
        try:
            with np.load(path, allow_pickle=False) as data:
                loaded = {k: data[k] for k in data.files}
            _ARRAYS[str(path)] = loaded
            return dict(loaded)
        except (OSError, ValueError):
            pass  # a damaged file is recomputed
    result = compute()
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, suffix=".npz")
    with os.fdopen(fd, "wb") as fh:
        np.savez(fh, **{k: np.asarray(v) for k, v in result.items()})
    os.replace(tmp, path)
    return result
