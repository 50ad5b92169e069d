"""A page's header buttons offer only what works (book/_ext/page_buttons.py).

The rocket linked every chapter to the placeholder ``https://jupyterhub.example.org`` and the
download menu offered the chapter's ``.ipynb``, which the live server refuses (403). Now the
launch button appears only for a configured hub (``_config.yml`` or ``HANDBOOK_JUPYTERHUB_URL``
at build time; a hub with the placeholder repository fails the build), and no page offers its
notebook for download. The extension's two functions are tested directly; the built pages (when
the book has been built) are read for every link of their header menus.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
import yaml
from sphinx.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "book" / "_ext"))
import page_buttons  # noqa: E402  (book/_ext/page_buttons.py)

CONFIG = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
OWN = "https://git.casino.example/floor/poker-handbook"


def test_the_shipped_configuration_has_no_hub_and_loads_the_extension() -> None:
    launch = CONFIG["launch_buttons"]
    assert not any(launch.get(k) for k in ("jupyterhub_url", "binderhub_url", "colab_url", "thebe"))
    assert "example.org" not in yaml.safe_dump(CONFIG)
    assert CONFIG["sphinx"]["local_extensions"]["page_buttons"] == "book/_ext"


def test_no_hub_no_launch_button() -> None:
    options = page_buttons.launch_options({"launch_buttons": dict(CONFIG["launch_buttons"]),
                                           "repository_url": CONFIG["repository"]["url"]}, {})
    assert not options["launch_buttons"]["jupyterhub_url"]


def test_a_hub_set_at_build_time_with_its_repository() -> None:
    env = {page_buttons.HUB_VARIABLE: " https://hub.casino.example ", page_buttons.REPOSITORY_VARIABLE: OWN}
    options = page_buttons.launch_options({"launch_buttons": dict(CONFIG["launch_buttons"]),
                                           "repository_url": CONFIG["repository"]["url"]}, env)
    assert options["launch_buttons"]["jupyterhub_url"] == "https://hub.casino.example"
    assert options["repository_url"] == OWN


@pytest.mark.parametrize("env, words", [
    ({page_buttons.HUB_VARIABLE: "https://hub.casino.example"}, "still the placeholder"),
    ({page_buttons.HUB_VARIABLE: "hub.casino.example", page_buttons.REPOSITORY_VARIABLE: OWN}, "not a web address"),
])
def test_a_hub_that_could_not_work_fails_the_build(env: dict[str, str], words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        page_buttons.launch_options({"launch_buttons": {"jupyterhub_url": ""},
                                     "repository_url": CONFIG["repository"]["url"]}, env)


def test_the_notebook_download_is_dropped_and_the_others_kept() -> None:
    header = [{"label": "launch-buttons", "buttons": [{"text": "JupyterHub"}]},
              {"label": "download-buttons", "buttons": [
                  {"label": "download-notebook-button", "text": ".ipynb"},
                  {"label": "download-source-button", "text": ".ipynb"},
                  {"label": "download-pdf-button", "text": ".pdf"}]},
              {"label": "fullscreen-button"}]
    kept = page_buttons.working_downloads(header)
    assert [b["text"] for b in kept[1]["buttons"]] == [".pdf"]
    assert kept[0] == header[0] and kept[2] == header[2]
    md = [{"label": "download-buttons", "buttons": [{"label": "download-source-button", "text": ".md"}]}]
    assert page_buttons.working_downloads(md) == md


def _built_pages() -> list[Path]:
    if not (BUILD / "index.html").is_file():
        pytest.skip("the book has not been built (bash .ci/book)")
    return sorted(BUILD.joinpath("book").rglob("*.html"))


def test_built_pages_link_to_no_placeholder_hub_and_have_no_launch_button() -> None:
    pages = _built_pages()
    assert len(pages) > 20
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "jupyterhub.example.org" not in text, page
        assert "dropdown-launch-buttons" not in text and "user-redirect/git-pull" not in text, page


def test_every_download_a_built_page_offers_exists_and_none_is_a_notebook() -> None:
    offered = 0
    for page in _built_pages():
        text = page.read_text(encoding="utf-8")
        menu = text[text.find("dropdown-download-buttons"):]
        menu = menu[:menu.find("</ul>")]
        assert menu, f"{page}: no download menu"
        assert "window.print()" in menu, f"{page}: the .pdf item is gone"
        for href in re.findall(r'<a href="([^"]+)"', menu):
            target = urlsplit(urljoin(page.relative_to(BUILD).as_posix(), href)).path
            assert not target.endswith(".ipynb"), f"{page}: offers the notebook {href}"
            assert (BUILD / target).is_file(), f"{page}: offers {href}, which is not in _build/html"
            offered += 1
    assert offered, "no page offers its source: the .md download of intro.md is expected"


def test_the_prose_offers_the_launch_button_only_where_a_hub_adds_one() -> None:
    """With no hub (the default) there is no rocket: a chapter that sends its reader to "the launch
    button at the top of the page" sends him to nothing. Every mention says it depends on a hub."""
    import json

    conditional = ("where your casino's hub adds one", "if your casino has set one up")
    mentions = 0
    for path in sorted((ROOT / "book").rglob("*.*")):
        if path.suffix == ".ipynb":
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            text = " ".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        elif path.suffix == ".md":
            text = path.read_text(encoding="utf-8")
        else:
            continue
        text = re.sub(r"\*\*[^*]*\.\*\*", "", " ".join(text.split()))  # a bold run-in heading is no sentence
        for sentence in re.findall(r"[^.]*\blaunch button\b[^.]*\.", text):
            mentions += 1
            assert any(c in sentence for c in conditional), f"{path.relative_to(ROOT)}: {sentence.strip()}"
    assert mentions >= 15, mentions
