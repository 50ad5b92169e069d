"""The vendored JavaScript the offline book loads: present, unmodified, and what _config.yml names.

Runs without a built book (the browser test covers the built pages).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
EXTRA = ROOT / "book" / "_extra"
VENDOR = EXTRA / "_vendor"
CONFIG = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
SPHINX = CONFIG["sphinx"]["config"]


def _source_of(url: str) -> Path:
    """Where a script URL of _config.yml comes from: relative to _static/, served from book/_extra/."""
    assert "://" not in url, f"{url} is not local"
    assert url.startswith("../"), f"{url} should leave _static/ for the html_extra_path files"
    return EXTRA / url.removeprefix("../")


def test_config_serves_the_vendor_folder_outside_static() -> None:
    assert SPHINX["html_extra_path"] == ["book/_extra"]
    # Jupyter Book adds every .js under a _static/ folder to every page: widgets would render twice.
    for static in (ROOT / "_static", ROOT / "book" / "_static"):
        assert not list(static.rglob("*.js")) if static.exists() else True, f"{static} holds .js files"


@pytest.mark.parametrize("url", [*SPHINX["nb_ipywidgets_js"], SPHINX["mathjax_path"]])
def test_every_configured_script_is_vendored(url: str) -> None:
    assert _source_of(url).is_file(), f"{url} is configured but {_source_of(url)} is missing"


def test_widget_scripts_never_fall_back_to_a_cdn() -> None:
    scripts = SPHINX["nb_ipywidgets_js"]
    names = list(scripts)
    assert [Path(n).name for n in names] == ["require.js", "offline-widgets.js", "embed-amd.js"]
    embed = scripts[names[2]]
    assert "data-jupyter-widgets-cdn-only" in embed
    # embed-amd.js takes the CDN from any script tag that has the attribute: all must be local.
    for attrs in scripts.values():
        assert "://" not in (attrs or {}).get("data-jupyter-widgets-cdn", "")
    manager = scripts[names[1]]["data-html-manager"]
    assert names[2] == f"../_vendor/{manager}/embed-amd.js"


def test_vendored_files_match_their_checksums() -> None:
    lines = (VENDOR / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    listed = {}
    for line in lines:
        digest, name = line.split(maxsplit=1)
        listed[name.removeprefix("./")] = digest
    for name, digest in listed.items():
        data = (VENDOR / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == digest, f"{name} differs from what .ci/vendor-js fetched"
    on_disk = {
        str(p.relative_to(VENDOR)) for p in VENDOR.rglob("*") if p.is_file()
    } - {"SHA256SUMS", "offline-widgets.js"}
    assert on_disk == set(listed), "files added to or missing from book/_extra/_vendor/: run .ci/vendor-js"


def test_every_vendored_package_keeps_its_licence() -> None:
    for package in [p for p in VENDOR.iterdir() if p.is_dir()]:
        assert (package / "LICENSE").is_file(), f"{package.name} has no LICENSE"


def test_axe_core_is_vendored_unmodified_for_the_accessibility_tests() -> None:
    """tests/accessibility.py injects this copy (no network at test time): the version it names,
    the bytes .ci/vendor-js recorded, its licence beside it, and never served with the book."""
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    import accessibility

    axe = accessibility.AXE
    assert axe.is_file(), f"{axe} is missing: run .ci/vendor-js"
    assert axe.read_text(encoding="utf-8")[:40].startswith(f"/*! axe v{accessibility.AXE_VERSION}")
    digest, name = (axe.parent / "SHA256SUMS").read_text(encoding="utf-8").split()
    assert name == "axe.min.js" and hashlib.sha256(axe.read_bytes()).hexdigest() == digest
    assert "Mozilla Public License" in (axe.parent / "LICENSE").read_text(encoding="utf-8")
    assert not list(EXTRA.rglob("axe*.js")), "axe-core belongs to the tests, not to the built book"
