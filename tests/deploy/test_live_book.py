"""The live book (issue 12): deploy/live_build.py turns the built book into live chapters, and
deploy/serve's Voilà serves them beside the static pages.

Without a browser: every chapter has a live notebook whose prose is the rendered page (no raw
MyST, no code), one live cell per widget the static page marks, links that resolve to files
that exist, and static marks that link to the live widget. In Chromium: the server's root opens
the book, a live chapter deals a new round when **Deal** is pressed, nothing is fetched from
another host, and a reader moves between the static and the live chapter with one click each way.

The book must be built first (``bash .ci/book``; the README's test command does it).
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "tests"))
import live_build  # noqa: E402
import servers  # noqa: E402  (tests/servers.py)
from servers import CHROMIUM  # noqa: E402

pytestmark = pytest.mark.skipif(not (HTML / "index.html").is_file(),
                                reason="the book is not built (bash .ci/book builds it)")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("live") / "live"
    counts = live_build.build(HTML, out)
    assert counts["chapters"] == len(live_build.chapters()) and counts["widgets"] == counts["marks"] > 0
    return out


def _notebooks(live: Path) -> Iterator[tuple[live_build.Chapter, dict[str, Any]]]:
    for ch in live_build.chapters():
        yield ch, json.loads((live / "chapters" / ch.live_path).read_text(encoding="utf-8"))


def _prose(nb: dict[str, Any]) -> str:
    return "".join(c["source"] for c in nb["cells"] if "live-prose" in c["metadata"].get("tags", []))


def test_every_chapter_has_a_live_notebook_with_its_widgets(live: Path) -> None:
    for ch, nb in _notebooks(live):
        page = (live / "site" / f"{ch.docname}.html").read_text(encoding="utf-8")
        marks = len(re.findall(r'class="live-mark"', page))
        widgets = [c for c in nb["cells"] if "live-widget" in c["metadata"].get("tags", [])]
        assert len(widgets) == marks, ch.docname
        source = json.loads(ch.source.read_text(encoding="utf-8"))
        originals = ["".join(c["source"]) for c in source["cells"] if live_build.shows_widget(c)]
        assert [c["source"] for c in widgets] == originals, ch.docname  # the very cells, unchanged


def test_the_prose_is_the_rendered_page_without_myst_or_code(live: Path) -> None:
    for ch, nb in _notebooks(live):
        prose = _prose(nb)
        assert not re.search(r"\{(ref|term|glue:text|glue|doc|numref)\}", prose), ch.docname
        assert "cell_input" not in prose and "highlight-ipython3" not in prose, ch.docname  # no code shown
        assert "widget-view+json" not in prose, ch.docname  # no saved widget left in the prose
        assert "Live chapter" in prose and "Static page" in prose, ch.docname
    crazy4 = dict((c.docname, nb) for c, nb in _notebooks(live))["book/banked/crazy4"]
    assert "Crazy 4 Poker" in _prose(crazy4) and "king-six high (K-6-4-3)" in _prose(crazy4)  # a glued figure


def test_links_in_live_chapters_resolve(live: Path) -> None:
    checked = 0
    for ch, nb in _notebooks(live):
        here = posixpath.dirname(live_build.LIVE_URL + ch.live_path)
        for url in re.findall(r'(?:href|src)=\\?"([^"\\#]+)', _prose(nb)):
            if "://" in url or url.startswith(("mailto:", "data:")):
                continue
            path = posixpath.normpath(posixpath.join(here, url))
            for prefix, folder in ((live_build.SITE_URL, "site"), (live_build.LIVE_URL, "chapters")):
                if path.startswith(prefix):
                    assert (live / folder / path[len(prefix):]).exists(), (ch.docname, url)
                    checked += 1
                    break
            else:
                raise AssertionError(f"{ch.docname}: {url} leads outside the live book")
    assert checked > 100


def test_static_marks_say_what_they_are(live: Path) -> None:
    # The published book (live_base_url empty) says how to get live widgets ...
    page = (HTML / "book" / "banked" / "crazy4.html").read_text(encoding="utf-8")
    # deal, compare, pay, strategy and the pay-table designer
    assert page.count("Saved example") == page.count('class="live-mark"') == 5
    assert "deploy/serve" in page and "Open live" not in page
    # ... the served copy links every mark to the same widget live.
    served = (live / "site" / "book" / "banked" / "crazy4.html").read_text(encoding="utf-8")
    links = re.findall(r'class="live-open" href="([^"]+)"', served)
    assert links == [f"../../../../render/chapters/banked/crazy4.ipynb#widget-{n}" for n in range(5)]


def test_the_slice_keeps_what_widgets_need_and_nothing_else() -> None:
    code = [{"source": "%matplotlib inline\nimport pandas as pd\nimport math, os\nfrom x import y"},
            {"source": "table = y(1)\nprint(table)\nglue('n', 3)"},
            {"source": "@cache\ndef helper(k):\n    return math.pi * k\nrate = 2\nrate += 1"},
            {"source": "display(expensive())"},
            {"source": "W(helper(rate))"},
            {"source": "W2(rate)"}]
    assert live_build.needed_code(code, {4, 5}) == {
        0: "%matplotlib inline\nimport math, os",
        2: "@cache\ndef helper(k):\n    return math.pi * k\nrate = 2\nrate += 1",
        4: "W(helper(rate))", 5: "W2(rate)"}
    # a cell that is not Python is kept whole, and what it names is kept before it
    code = [{"source": "import a\nimport b"}, {"source": "%%timeit\nW(a)"}]
    assert live_build.needed_code(code, {1}) == {0: "import a", 1: "%%timeit\nW(a)"}


# --- in a real browser ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server(live: Path) -> Iterator[str]:
    port = servers.free_port()
    env = dict(os.environ, HANDBOOK_LIVE=str(live))  # deploy/serve, serving this build of the live book
    argv = ["bash", str(ROOT / "deploy" / "serve"), f"--port={port}"]
    with servers.serving(argv, port, ROOT, env, "voila"):
        yield f"http://127.0.0.1:{port}/"


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (.ci/setup installs it)")
def test_a_live_chapter_in_chromium(server: str) -> None:
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=servers.CHROMIUM_ARGS)
        page = browser.new_page()
        page.route("**/*", lambda route: (outside.append(route.request.url), route.abort())
                   if not route.request.url.startswith(("http://127.0.0.1", "data:", "blob:")) else route.continue_())
        page.goto(server)  # the front door opens the book's contents page
        page.wait_for_url("**/voila/files/site/index.html")
        page.goto(server + "voila/render/chapters/banked/crazy4.ipynb")
        deal = page.locator("button:has-text('Deal')").first
        deal.wait_for(timeout=60_000)
        text = page.inner_text("body")
        assert "Crazy 4 Poker" in text and "BankedDealWidget(" not in text and "{ref}" not in text
        box = page.locator(".widget-text input").first  # the seed box of the deal widget
        page.locator(".widget-html-content", has_text="seed 1").first.wait_for(timeout=30_000)
        box.fill("7")
        deal.click()
        page.locator(".widget-html-content", has_text="seed 7").first.wait_for(timeout=10_000)
        # one click to the static page, one click back to the same widget live
        page.click("text=Static page")
        page.wait_for_url("**/voila/files/site/book/banked/crazy4.html")
        page.locator("a.live-open").first.click()
        page.wait_for_url("**/voila/render/chapters/banked/crazy4.ipynb#widget-0")
        page.locator("button:has-text('Deal')").first.wait_for(timeout=60_000)
        browser.close()
    assert outside == []


def test_a_reader_cannot_run_code_through_a_live_kernel(server: str, tmp_path: Path) -> None:
    """What a browser could send a live chapter's kernel: an execute request is dropped by the
    server (Voilà lets only widget and info messages through); a kernel_info_request on the same
    connection is answered, so the connection itself works."""
    import urllib.request
    import uuid

    page = urllib.request.urlopen(server + "voila/render/chapters/mixed/formats.ipynb", timeout=60).read().decode()
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert kernel, "no kernel id in the live page"
    marker = tmp_path / "ran"
    ws_url = server.replace("http://", "ws://") + f"api/kernels/{kernel.group(1)}/channels?session_id={uuid.uuid4()}"
    kinds = servers.try_to_run_code(ws_url, marker)
    assert "kernel_info_reply" in kinds
    assert "execute_reply" not in kinds and "execute_input" not in kinds
    assert not marker.exists()


RUN_ALL = r'''
import json, sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
failed = []
for path in sys.argv[1:]:
    shell.reset(new_session=False)
    for cell in json.load(open(path, encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code":
            result = shell.run_cell(cell["source"], silent=True)
            if not result.success:
                failed.append((path, cell["source"][:200], repr(result.error_in_exec or result.error_before_exec)))
print(json.dumps(failed))
'''


def test_every_live_chapter_runs_without_an_error(live: Path) -> None:
    """What a live chapter runs (its widget cells and the statements they need, nothing else)
    runs without an error, chapter by chapter in a fresh namespace: the slice dropped nothing a
    widget needs."""
    paths = [str(live / "chapters" / ch.live_path) for ch in live_build.chapters()]
    env = dict(os.environ, PYTHONHASHSEED="0", MPLBACKEND="Agg")
    done = subprocess.run([sys.executable, "-c", RUN_ALL, *paths], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert failed == []


def test_the_live_server_is_configured_to_free_and_cap_kernels_and_stay_offline() -> None:
    from traitlets.config.loader import PyFileConfigLoader

    from gamelib.trainer.serving import TrainerKernelManager, prelaunch_hook

    c = PyFileConfigLoader("voila.py", path=str(ROOT / "deploy")).load_config()
    assert c.VoilaConfiguration.multi_kernel_manager_class is TrainerKernelManager
    assert c.VoilaConfiguration.prelaunch_hook is prelaunch_hook
    assert c.TrainerKernelManager.cull_idle_timeout > 0 and c.TrainerKernelManager.max_kernels > 0
    assert c.TrainerKernelManager.cull_connected is False  # an open tab keeps its kernel
    assert "live book is full" in c.TrainerKernelManager.full_message
    assert c.VoilaConfiguration.template == "handbook" and c.VoilaConfiguration.strip_sources is True
    assert c.VoilaConfiguration.file_allowlist == [r"site/.*"]  # nothing outside the static copy
    # the template asks no other host for anything (Voilà's own lab template asks a CDN for fonts)
    template = ROOT / "deploy" / "jupyter" / "voila" / "templates" / "handbook"
    for f in template.iterdir():
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", text), f.name
    lab = Path(sys.executable).parents[1] / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"
    assert "cdn.jsdelivr.net" in lab.read_text(encoding="utf-8")  # what the copy drops


def test_a_page_that_does_not_match_its_notebook_is_refused() -> None:
    """A built page with fewer cells than its notebook (a stale build) stops the live build with a
    clear message rather than pairing prose with the wrong widgets."""
    chapter = live_build.Chapter("book/banked/crazy4")
    page = '<html><title>x</title><body><article class="bd-article"><p>text</p></article></body></html>'
    with pytest.raises(live_build.LiveBuildError, match=r"code cells in the notebook but 0 cells on the built page"):
        live_build.live_notebook(chapter, page, {})
    with pytest.raises(live_build.LiveBuildError, match="no article"):
        live_build.live_notebook(chapter, "<html><body></body></html>", {})
