"""The analysis cache under faults: damaged files, wrong numbers, unwritable folders, two
processes at once and a write interrupted by a full disk. Small synthetic computations only."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from gamelib.analysis import cache
from gamelib.analysis.cache import CacheWarning, cache_key, cached, cached_arrays

PARAMS = {"game": "synthetic", "n": 5}


class Counter:
    """A compute function that counts its calls."""

    def __init__(self, value: float = 1.0) -> None:
        self.calls = 0
        self.value = value

    def arrays(self) -> dict[str, np.ndarray]:
        self.calls += 1
        return {"counts": np.arange(10, dtype=np.int64) * int(self.value), "p": np.full((2, 3), self.value)}

    def json(self) -> dict[str, list[int]]:
        self.calls += 1
        return {"tie": [int(self.value)], "win": [7, 8]}


def expected_arrays(value: float = 1.0) -> dict[str, np.ndarray]:
    return Counter(value).arrays()


def same_arrays(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[k], b[k]) and a[k].dtype == b[k].dtype for k in a)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path))
    monkeypatch.setattr(cache, "_ARRAYS", {})  # no in-process memo from another test
    monkeypatch.setattr(cache, "_WARNED", set())
    return tmp_path


def npz_path(folder: Path, name: str = "synthetic", params: dict = PARAMS) -> Path:
    return folder / (cache_key(name, params) + ".npz")


def json_path(folder: Path, name: str = "synthetic-json", params: dict = PARAMS) -> Path:
    return folder / (cache_key(name, params) + ".json")


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# --- the ordinary path ---------------------------------------------------------------------


def test_an_entry_is_computed_once_and_leaves_one_file(folder: Path) -> None:
    counter = Counter()
    first = cached_arrays("synthetic", PARAMS, counter.arrays)
    cache._ARRAYS.clear()  # load from disk, not from memory
    second = cached_arrays("synthetic", PARAMS, counter.arrays)
    assert counter.calls == 1
    assert same_arrays(first, expected_arrays()) and same_arrays(second, expected_arrays())
    assert listing(folder) == [npz_path(folder).name]  # no lock file, no temporary file
    with pytest.raises(ValueError, match="read-only"):
        second["counts"][0] = 99  # nobody can change the numbers the next caller gets


def test_the_key_includes_every_input(folder: Path) -> None:
    a, b = Counter(1), Counter(2)
    assert cached_arrays("synthetic", {"n": 1}, a.arrays)["p"][0, 0] == 1
    assert cached_arrays("synthetic", {"n": 2}, b.arrays)["p"][0, 0] == 2
    assert cached_arrays("other", {"n": 1}, b.arrays)["p"][0, 0] == 2
    assert (a.calls, b.calls) == (1, 2)
    assert cache_key("x", {"q": {1, 2}}) == cache_key("x", {"q": {2, 1}})
    assert cache_key("x", {"pay": "3/2"}) != cache_key("x", {"pay": __import__("fractions").Fraction(3, 2)})
    assert cache_key("x", {}, ["gamelib.cards"]) != cache_key("x", {})  # and the code


# --- damaged files -------------------------------------------------------------------------

DAMAGE = {
    "truncated": lambda data: data[: len(data) // 2],
    "cut after the first bytes": lambda data: data[:30],
    "empty": lambda data: b"",
    "garbage": lambda data: os.urandom(len(data)),
    "text": lambda data: b"this is not a cache file\n" * 20,
    "a pickle": lambda data: b"\x80\x04\x95" + data[3:],
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_npz_is_recomputed_replaced_and_reported_once(folder: Path, damage: str) -> None:
    counter = Counter()
    cached_arrays("synthetic", PARAMS, counter.arrays)
    path = npz_path(folder)
    path.write_bytes(DAMAGE[damage](path.read_bytes()))
    cache._ARRAYS.clear()  # a later run
    with pytest.warns(CacheWarning, match="cannot be used") as record:
        out = cached_arrays("synthetic", PARAMS, counter.arrays)
    assert len([w for w in record if issubclass(w.category, CacheWarning)]) == 1
    assert counter.calls == 2 and same_arrays(out, expected_arrays())
    cache._ARRAYS.clear()  # the run after: the replaced file is good again, and says nothing
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert same_arrays(cached_arrays("synthetic", PARAMS, counter.arrays), expected_arrays())
    assert counter.calls == 2
    assert listing(folder) == [path.name]


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_json_entry_is_recomputed_and_replaced(folder: Path, damage: str) -> None:
    counter = Counter()
    cached("synthetic-json", PARAMS, counter.json)
    path = json_path(folder)
    path.write_bytes(DAMAGE[damage](path.read_bytes()))
    with pytest.warns(CacheWarning, match="cannot be used"):
        assert cached("synthetic-json", PARAMS, counter.json) == Counter().json()
    assert cached("synthetic-json", PARAMS, counter.json) == Counter().json()
    assert counter.calls == 2 and listing(folder) == [path.name]


# --- a valid file with wrong numbers -------------------------------------------------------


def rewrite_npz(path: Path, change) -> None:
    with np.load(path) as data:
        arrays = {k: data[k].copy() for k in data.files}
    change(arrays)
    with open(path, "wb") as fh:
        np.savez(fh, **arrays)


@pytest.mark.parametrize(
    "change",
    [
        lambda a: a["counts"].__setitem__(3, 1_000_000),  # one number altered
        lambda a: a.__setitem__("p", a["p"].astype(np.float32)),  # same values, another dtype
        lambda a: a.__setitem__("p", a["p"].reshape(3, 2)),  # same bytes, another shape
        lambda a: a.pop("p"),  # an array missing
        lambda a: a.__setitem__("extra", np.zeros(2)),  # an array too many
        lambda a: a.pop(cache.HEADER),  # no header: no checksum, no inputs
    ],
    ids=["number", "dtype", "shape", "missing", "extra", "no header"],
)
def test_a_valid_npz_with_wrong_numbers_is_never_used(folder: Path, change) -> None:
    counter = Counter()
    cached_arrays("synthetic", PARAMS, counter.arrays)
    rewrite_npz(npz_path(folder), change)
    cache._ARRAYS.clear()
    with pytest.warns(CacheWarning, match="cannot be used"):
        out = cached_arrays("synthetic", PARAMS, counter.arrays)
    assert counter.calls == 2 and same_arrays(out, expected_arrays())
    cache._ARRAYS.clear()
    assert same_arrays(cached_arrays("synthetic", PARAMS, counter.arrays), expected_arrays())
    assert counter.calls == 2  # the file was replaced by a good one


def test_a_file_computed_for_other_inputs_is_never_used(folder: Path) -> None:
    """A valid file, checksum and all, copied under another entry's name."""
    cached_arrays("synthetic", {"n": 99}, Counter(99).arrays)
    npz_path(folder, params={"n": 99}).replace(npz_path(folder))
    cache._ARRAYS.clear()
    counter = Counter()
    with pytest.warns(CacheWarning, match="other inputs"):
        out = cached_arrays("synthetic", PARAMS, counter.arrays)
    assert counter.calls == 1 and same_arrays(out, expected_arrays())


def test_a_json_entry_with_wrong_numbers_is_never_used(folder: Path) -> None:
    counter = Counter()
    cached("synthetic-json", PARAMS, counter.json)
    path = json_path(folder)
    header, body = path.read_text().split("\n", 1)
    path.write_text(header + "\n" + body.replace("7", "6"))  # still valid JSON
    with pytest.warns(CacheWarning, match="checksum"):
        assert cached("synthetic-json", PARAMS, counter.json) == Counter().json()
    other = json.loads(header) | {"params": '{"n": 6}'}  # a header for other inputs
    path.write_text(json.dumps(other) + "\n" + body)
    with pytest.warns(CacheWarning, match="other inputs"):
        assert cached("synthetic-json", PARAMS, counter.json) == Counter().json()
    assert counter.calls == 3


# --- an unwritable location ----------------------------------------------------------------


def unwritable_locations(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """(environment variable, value) pairs that name a cache folder nobody can write."""
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    return {
        "GAMELIB_CACHE is a file": ("GAMELIB_CACHE", str(a_file)),
        "GAMELIB_CACHE under a file": ("GAMELIB_CACHE", str(a_file / "cache")),
        "HOME under a file": ("HOME", str(a_file / "home")),
    }


@pytest.mark.parametrize("where", ["GAMELIB_CACHE is a file", "GAMELIB_CACHE under a file", "HOME under a file"])
@pytest.mark.parametrize("kind", ["arrays", "json"])
def test_an_unwritable_location_still_answers_and_says_how_to_fix_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, kind: str
) -> None:
    monkeypatch.setattr(cache, "_ARRAYS", {})
    monkeypatch.setattr(cache, "_WARNED", set())
    monkeypatch.delenv("GAMELIB_CACHE", raising=False)
    monkeypatch.setenv(*unwritable_locations(tmp_path)[where])
    counter = Counter()
    with pytest.warns(CacheWarning, match="not cached.*GAMELIB_CACHE"):
        out = cached_arrays("synthetic", PARAMS, counter.arrays) if kind == "arrays" else cached(
            "synthetic-json", PARAMS, counter.json)
    assert counter.calls == 1
    assert same_arrays(out, expected_arrays()) if kind == "arrays" else out == Counter().json()
    assert listing(tmp_path) == ["a-file"] and (tmp_path / "a-file").read_text() == "not a folder"


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc")
def test_a_read_only_folder_still_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """/proc/self is a folder that not even root can create files in."""
    monkeypatch.setenv("GAMELIB_CACHE", "/proc/self")
    monkeypatch.setattr(cache, "_WARNED", set())
    counter = Counter()
    with pytest.warns(CacheWarning, match="not cached"):
        assert same_arrays(cached_arrays("synthetic", PARAMS, counter.arrays), expected_arrays())
    assert counter.calls == 1


def test_a_folder_without_write_permission_still_answers(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """chmod does not stop root, so the refusals of a read-only folder are simulated."""

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(folder))

    monkeypatch.setattr(Path, "touch", refuse)  # the lock file
    monkeypatch.setattr(cache.tempfile, "mkstemp", refuse)  # the data file
    counter = Counter()
    with pytest.warns(CacheWarning, match="Permission denied.*GAMELIB_CACHE"):
        assert same_arrays(cached_arrays("synthetic", PARAMS, counter.arrays), expected_arrays())
    assert counter.calls == 1 and listing(folder) == []
    with pytest.warns(CacheWarning, match="cannot be used") as record:  # a damaged file it cannot replace
        (folder / npz_path(folder).name).write_bytes(b"junk")
        assert same_arrays(cached_arrays("synthetic", PARAMS, counter.arrays), expected_arrays())
    assert counter.calls == 2 and len(record) == 1  # "not cached" was said once already


def test_the_warning_is_given_once_per_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache, "_WARNED", set())
    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path / "a-file"))
    (tmp_path / "a-file").write_text("")
    with pytest.warns(CacheWarning) as record:
        for n in range(5):
            cached("synthetic-json", {"n": n}, Counter().json)
    assert len(record) == 1


# --- an interrupted write ------------------------------------------------------------------


def disk_full(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def savez_then_disk_full(fh, **arrays):
    fh.write(b"PK\x03\x04" + b"\0" * 4096)  # part of the archive is written, then the disk is full
    disk_full()


@pytest.mark.parametrize("where", ["np.savez", "os.fsync", "os.replace"])
def test_an_interrupted_npz_write_leaves_nothing_and_still_answers(
    folder: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    with monkeypatch.context() as patched:
        if where == "np.savez":
            patched.setattr(np, "savez", savez_then_disk_full)
        else:
            patched.setattr(os, where.split(".")[1], disk_full)
        counter = Counter()
        with pytest.warns(CacheWarning, match="No space left on device.*GAMELIB_CACHE"):
            out = cached_arrays("synthetic", PARAMS, counter.arrays)
    assert same_arrays(out, expected_arrays()) and counter.calls == 1
    assert listing(folder) == []  # no tmp*.npz, no lock file, no half entry
    assert same_arrays(cached_arrays("synthetic", PARAMS, counter.arrays), expected_arrays())
    assert counter.calls == 2 and listing(folder) == [npz_path(folder).name]  # room again: stored


def test_an_interrupted_json_write_leaves_nothing(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.warns(CacheWarning, match="No space left"):
        assert cached("synthetic-json", PARAMS, Counter().json) == Counter().json()
    assert listing(folder) == []


def test_a_result_that_is_not_json_fails_before_any_file(folder: Path) -> None:
    with pytest.raises(TypeError):
        cached("synthetic-json", PARAMS, lambda: {"x": object()})
    assert listing(folder) == []


def test_leftovers_of_a_killed_writer_are_removed_later(folder: Path) -> None:
    old = folder / (cache.TMP_PREFIX + "abc.npz")
    old.write_bytes(b"half")
    os.utime(old, (time.time() - 2 * 86400,) * 2)
    recent = folder / (cache.TMP_PREFIX + "def.npz")  # perhaps another process writing right now
    recent.write_bytes(b"half")
    cached_arrays("synthetic", PARAMS, Counter().arrays)
    assert listing(folder) == sorted([recent.name, npz_path(folder).name])


# --- two processes at once -----------------------------------------------------------------

WORKER = textwrap.dedent(
    """
    import sys, time, numpy as np
    from gamelib.analysis.cache import cached_arrays, cached
    side, kind = sys.argv[1], sys.argv[2]

    def compute():
        with open(side, "a") as fh:
            fh.write("computed\\n")
        time.sleep(1.5)
        return {"counts": np.arange(1000) * 3}

    def compute_json():
        compute()
        return {"counts": list(range(0, 3000, 3))}

    if kind == "arrays":
        out = cached_arrays("two-processes", {"n": 1000}, compute)["counts"]
    else:
        out = cached("two-processes", {"n": 1000}, compute_json)["counts"]
    print(int(np.sum(out)))
    """
)


@pytest.mark.parametrize("kind", ["arrays", "json"])
def test_two_processes_compute_an_entry_once(folder: Path, tmp_path_factory, kind: str) -> None:
    side = tmp_path_factory.mktemp("side") / "computations.txt"
    env = dict(os.environ, GAMELIB_CACHE=str(folder))
    procs = [
        subprocess.Popen([sys.executable, "-c", WORKER, str(side), kind], env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for _ in range(3)
    ]
    results = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], [err for _, err in results]
    assert [out.strip() for out, _ in results] == [str(3 * 999 * 1000 // 2)] * 3  # all the same answer
    assert side.read_text().count("computed") == 1  # one computed; the others waited and loaded it
    assert len(listing(folder)) == 1 and not any(err.strip() for _, err in results)  # no warning, no lock left
