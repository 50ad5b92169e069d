"""How fast the live book is in a real browser, alone and with a crowd, and how much memory a live
reader costs (issues 12 and 22).

Run::

    .venv/bin/python benchmarks/bench_live.py [--quick] [--chapters banked/crazy4,mixed/badugi]
    .venv/bin/python benchmarks/bench_live.py --crowd 20 [--within 10] [--browsers 4] [--crowd-chapter banked/crazy4]

``deploy/serve`` is started on a free port of 127.0.0.1 serving ``_build/live`` (``--live DIR`` for
another build), with its pre-started kernels (deploy/voila.py); headless Debian Chromium, driven
by Playwright, opens the chapters. Each reader is a fresh browser context (a cold cache: a first
visit, the live book's cookie script included) with an address of its own (``X-Forwarded-For``,
as readers behind the casino's proxy), so the per-client cap does not apply.

Without ``--crowd`` (issue 12's measures, the server with one pre-started kernel per chapter):

1. **Time to the first usable widget** of every live chapter (or those given by ``--chapters``),
   each opened 3 times (1 with ``--quick``), each time once its pool has a ready kernel again.
   Timed in the page from its navigation start: *visible*, when the first widget button is on
   screen and enabled; *usable*, when a click on a widget button has come back from the kernel as
   a change of that widget's DOM (the first widget with a button that changes something when
   pressed, e.g. Deal, Restart, New question; a widget that has only a check button gets its first
   number box raised by one at the click, so that there is something new to show). Target: 3 s.
2. **Click latency** of Deal, Next street, Compare, Pay, Settle, Recompute house edge and Odds
   (Stud 8 and Razzdugi on fifth street, Archie with a draw: issue 25's widget questions): the click
   is dispatched by JavaScript in the page, which records ``performance.now()`` at the click and at
   the first DOM mutation of that widget that follows; an input is changed between clicks where
   the widget needs it to show something different, and the page is left quiet (no mutation for
   250 ms) before each click. Each button 1 + 30 times (1 + 10 with ``--quick``); the first click is
   reported apart. Targets: median under 100 ms, 95th percentile under 250 ms.

With ``--crowd N`` (issue 22; the server with ``N`` pre-started kernels for the crowd's chapter,
``--crowd-chapter``, default banked/crazy4, and one for the open reader's, mixed/badugi):

1. **A single reader**: 3 arrivals, one at a time, each once the pool is full again. Target: usable
   within 1 s.
2. **The crowd**: ``N`` readers arrive within ``--within`` seconds (evenly spaced), all on the
   crowd's chapter, and stay. Time to the first usable widget, counted from the reader's arrival
   (before the first request; the cookie script's round trip is included): median, p95, max.
   Target: p95 within 1.5 s.
   2b. **The server's part**: the same arrivals without browsers, each a *protocol reader*
   making every request his page's scripts make, in order: the page, the kernel's websocket,
   the widgets' states (``request_states`` on ``jupyter.widget.control``) and a click on the
   first button that changes something, until the kernel sends the new state.
   2c. **The crowd with its readers' browsers on their own computers**: the same arrivals again,
   ``--browsers`` of them (default 4, spread over the arrivals, the last included) in a real
   browser on this machine, the others protocol readers. This is the crowd as the server meets
   it when each reader has his own computer; in 2 all twenty browsers share this machine's two
   cores with the server and its kernels (about 1.5 CPU-seconds each, in all of Chromium's
   processes, to load the page's scripts and draw its widgets), which measures this machine, not
   the live book. Target: p95 within 1.5 s.
3. **The open reader's clicks** meanwhile: a reader who has the open reader's chapter open keeps
   clicking Deal (every 0.25 s, from the crowd's first arrival until its last reader's widget
   answered); the same clicks before the crowd, for comparison. Targets: median under 100 ms, p95
   under 250 ms.

Both modes then measure **memory per kernel per chapter**: each live chapter is run in the live
book's kernel (deploy/jupyter/kernels/handbook-live, started by jupyter_client as Voilà starts it,
its cells run as Voilà runs them) and psutil reads its RSS and USS (the memory it frees when it
exits) once it has run; per chapter, per kind (banked, pot, other), and the Voilà server's own.
Target: median RSS under 80 MB.

The report is printed with the targets and PASS/MISS per line, and written as JSON to
``benchmarks/results/bench_live.json`` (``bench_live_crowd.json`` with ``--crowd``). Browser,
server and kernels share this machine's cores, so the times are an upper bound for a reader on
their own computer; the load average is printed. Nothing is fetched from another host (the
browser aborts any such request). Build the live book first (``.venv/bin/python
deploy/live_build.py``, or ``bash deploy/serve`` which builds what is missing).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import math
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
from voila_server import CHROMIUM, MB, VoilaServer
from voila_server import CHROMIUM_ARGS as _ARGS

#: Every host but this machine unreachable: nothing is fetched from another host (a request
#: there fails), with no interception of the page's requests (Playwright's routing would slow
#: every request of twenty pages loading at once).
CHROMIUM_ARGS = _ARGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

ROOT = Path(__file__).resolve().parents[1]
LIVE = ROOT / "_build" / "live"
CHAPTERS = LIVE / "chapters"
RESULTS = ROOT / "benchmarks" / "results" / "bench_live.json"
CROWD_RESULTS = ROOT / "benchmarks" / "results" / "bench_live_crowd.json"
TARGET_SINGLE = 1.0  # s, one reader with a pre-started kernel
TARGET_CROWD_P95 = 1.5  # s
TARGET_RSS = 80.0  # MB, median over the chapters
FILLED = r"Kernel pool of chapters/{} is filled"
#: The open reader's button in the crowd run: Deal of mixed/badugi's CompareWidget (it raises its
#: own seed, so every click shows something new).
READER_BUTTON = (1, "Deal", False)
TARGET_USABLE = 3.0  # s
TARGET_MEDIAN = 100.0  # ms
TARGET_P95 = 250.0  # ms
PAGE_TIMEOUT = 300.0  # s for a chapter's first widget
CLICK_TIMEOUT = 10_000  # ms for a click's DOM change
#: Buttons that change their widget's DOM when pressed with nothing else changed.
CHANGING = ("Deal", "Restart", "Next hand", "New question", "Deal the pick", "Next step", "Show all", "Next street")


# --- the server --------------------------------------------------------------------------------

def live_server(live: Path, pools: dict[str, int], extra: list[str] = (), log_path: str | None = None) -> VoilaServer:
    """``deploy/serve`` serving ``live`` (built already: ``HANDBOOK_LIVE`` builds nothing), on a
    free port of 127.0.0.1, with ``pools[chapter]`` pre-started kernels per chapter (none for the
    others); returns once every pool is full."""
    env = dict(os.environ, HANDBOOK_LIVE=str(live))
    args = ["--LiveBook.pool_size=0", *[f"--LiveBook.pool_sizes={ch}={n}" for ch, n in pools.items() if n],
            "--LiveBook.pool_memory_fraction=0.9", *extra]
    server = VoilaServer(lambda port: ["bash", str(ROOT / "deploy" / "serve"), f"--port={port}", *args], env,
                         log_path=log_path)
    for ch, n in pools.items():
        if n:
            server.wait_for_log(FILLED.format(re.escape(ch + ".ipynb")) + f" with {n} kernel")
    return server


@contextlib.contextmanager
def stopped_after(server: VoilaServer) -> Iterator[VoilaServer]:
    """Work with ``server``; on an error, print the end of its log; stop it in any case."""
    try:
        yield server
    except BaseException:
        print(server.log_tail(), file=sys.stderr)
        raise
    finally:
        server.stop()


# --- in the page ---------------------------------------------------------------------------------

#: The widgets' output areas, in page order.
ROOTS_JS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
    .filter(e => e.querySelector('.jupyter-widgets button'))"""

#: True when a widget button is visible and enabled (the first one may be disabled: a DealWidget
#: opened at its showdown); records the time.
VISIBLE_JS = """() => {
  const b = [...document.querySelectorAll('.jp-OutputArea-output .jupyter-widgets button')]
    .find(b => !b.disabled && b.offsetParent);
  if (!b) return false;
  if (window.__visibleAt === undefined) window.__visibleAt = performance.now();
  return true;
}"""

#: Click the button labelled `label` in widget `index` and time the first DOM change of that
#: widget's output area (the button excluded). All times from performance.now() in the page.
CLICK_JS = """async ([index, label, timeout, bump]) => {
  const roots = (""" + ROOTS_JS + """)();
  const root = roots[index];
  if (!root) return {error: `no widget ${index} (the page has ${roots.length})`};
  const btn = [...root.querySelectorAll('button')].find(b => b.innerText.trim() === label);
  if (!btn) return {error: `no button ${label} in widget ${index}`};
  if (btn.disabled) return {error: `button ${label} is disabled`};
  const outputs = () => [...root.querySelectorAll('.widget-html')].map(e => e.innerHTML).join('|');
  const before = outputs();
  return await new Promise(resolve => {
    let t0, done = false;
    const obs = new MutationObserver(records => {
      if (done || !records.some(r => !btn.contains(r.target))) return;
      const t1 = performance.now();
      const r = records.find(r => !btn.contains(r.target));
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const what = `${r.type} ${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`.slice(0, 120);
      done = true;
      obs.disconnect();
      requestAnimationFrame(() => {
        const t2 = performance.now();
        setTimeout(() => resolve({ms: t1 - t0, frame: t2 - t0, at: t1, changed: outputs() !== before, what}), 300);
      });
    });
    obs.observe(root, {childList: true, subtree: true, characterData: true, attributes: true});
    t0 = performance.now();
    const box = bump && root.querySelector('input[type=number]');
    if (box) {  // a check button: give it something new to show (the box may answer before the click)
      box.value = String(Number(box.value) + 1);
      box.dispatchEvent(new Event('input', {bubbles: true}));
      box.dispatchEvent(new Event('change', {bubbles: true}));
    }
    btn.click();
    setTimeout(() => { if (!done) { done = true; obs.disconnect(); resolve({ms: null, at: null}); } }, timeout);
  });
}"""

#: Resolves when widget `index` has had no DOM mutation for `quiet` ms (at most `limit` ms).
QUIET_JS = """async ([index, quiet, limit]) => {
  const root = (""" + ROOTS_JS + """)()[index];
  return await new Promise(resolve => {
    let last = performance.now();
    const start = last;
    const obs = new MutationObserver(() => { last = performance.now(); });
    obs.observe(root, {childList: true, subtree: true, characterData: true, attributes: true});
    const tick = () => {
      const now = performance.now();
      if (now - last >= quiet || now - start >= limit) { obs.disconnect(); resolve(now - start); }
      else setTimeout(tick, 25);
    };
    setTimeout(tick, 25);
  });
}"""

#: The first widget with a button that changes something: [widget index, label, needs a number bumped].
PICK_JS = """() => {
  const roots = (""" + ROOTS_JS + """)();
  const changing = """ + json.dumps(list(CHANGING)) + """;
  for (let i = 0; i < roots.length; i++)
    for (const b of roots[i].querySelectorAll('button'))
      if (!b.disabled && changing.includes(b.innerText.trim())) return [i, b.innerText.trim(), false];
  const b = [...roots[0].querySelectorAll('button')].find(b => !b.disabled);
  return b ? [0, b.innerText.trim(), true] : null;
}"""


def roots(page: Any) -> Any:
    return page.locator(".jp-OutputArea-output").filter(has=page.locator(".jupyter-widgets button"))


def set_input(page: Any, widget: int, selector: str, n: int, value: str) -> None:
    """Type `value` into the n-th `selector` of widget `widget`, then leave the box (the widget syncs)."""
    box = roots(page).nth(widget).locator(selector).nth(n)
    box.fill(value)
    box.press("Tab")


def get_input(page: Any, widget: int, selector: str, n: int) -> str:
    return str(roots(page).nth(widget).locator(selector).nth(n).input_value())


def click(page: Any, widget: int, label: str) -> dict:
    page.evaluate(QUIET_JS, [widget, 250, 5000])
    res = page.evaluate(CLICK_JS, [widget, label, CLICK_TIMEOUT, False])
    if res.get("error"):
        raise RuntimeError(res["error"])
    return dict(res)


_readers = iter(range(1, 1 << 20))


def reader_headers() -> dict[str, str]:
    """A reader's own address behind the proxy (the server trusts 127.0.0.1's X-Forwarded-For)."""
    n = next(_readers)
    return {"X-Forwarded-For": f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"}


def new_page(browser: Any) -> tuple[Any, Any]:
    ctx = browser.new_context(extra_http_headers=reader_headers())
    page = ctx.new_page()
    page.set_default_timeout(PAGE_TIMEOUT * 1000)
    return ctx, page


def close(ctx: Any, page: Any) -> None:
    """Close the tab as a reader does (beforeunload frees its kernel)."""
    page.close(run_before_unload=True)
    ctx.close()


def chapter_url(server: VoilaServer, chapter: str) -> str:
    return f"{server.url}voila/render/chapters/{chapter}.ipynb"


# --- 1 and 3: first usable widget, memory per reader -------------------------------------------

def kind(chapter: str) -> str:
    if chapter.startswith("banked/"):
        return "banked"
    if chapter.startswith(("mixed/", "big-o/")):
        return "pot"
    return "other"


def open_chapter(browser: Any, server: VoilaServer, chapter: str) -> dict:
    """A reader opens ``chapter``: seconds from his arrival (before the first request, so the
    cookie script's round trip counts) until a widget button is visible, and until a click on it
    has come back."""
    ctx, page = new_page(browser)
    try:
        arrived = time.time()
        page.goto(chapter_url(server, chapter), wait_until="commit")
        page.wait_for_function(VISIBLE_JS, polling="raf", timeout=PAGE_TIMEOUT * 1000)
        origin = page.evaluate("() => performance.timeOrigin") / 1000
        visible = origin + page.evaluate("() => window.__visibleAt") / 1000 - arrived
        pick = page.evaluate(PICK_JS)
        if pick is None:
            raise RuntimeError(f"{chapter}: no enabled widget button")
        widget, label, bump = pick
        res = page.evaluate(CLICK_JS, [widget, label, PAGE_TIMEOUT * 1000, bump])
        if res.get("error"):
            raise RuntimeError(f"{chapter}: {res['error']}")
        usable = None if res["at"] is None else origin + res["at"] / 1000 - arrived
        return {"visible": visible, "usable": usable, "button": label, "bumped": bump, "first_change": res.get("what"),
                "server_rss": server.rss()}
    finally:
        close(ctx, page)


# --- memory per kernel per chapter -------------------------------------------------------------

def kernel_memory(live: Path, chapters: list[str]) -> dict[str, dict[str, float]]:
    """Each chapter run in the live book's kernel as Voilà runs it (jupyter_client starts the
    handbook-live kernel in the chapter's folder, with the server's environment, and runs its
    cells); its RSS and USS once it has run, MB."""
    from jupyter_client.manager import start_new_kernel

    env = dict(os.environ, PYTHONHASHSEED="0", HANDBOOK_CLICK_CPU_SECONDS="10",
               JUPYTER_PATH=os.pathsep.join(p for p in (str(ROOT / "deploy" / "jupyter"),
                                                        os.environ.get("JUPYTER_PATH"))
                                            if p))
    os.environ["JUPYTER_PATH"] = env["JUPYTER_PATH"]  # where the kernel spec is looked up
    out: dict[str, dict[str, float]] = {}
    for ch in chapters:
        path = live / "chapters" / f"{ch}.ipynb"
        km, kc = start_new_kernel(kernel_name="handbook-live", env=env, cwd=str(path.parent))
        try:
            for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
                if cell["cell_type"] == "code":
                    kc.execute_interactive(cell["source"], silent=True, store_history=False, timeout=600,
                                           output_hook=lambda msg: None)
            time.sleep(1.0)  # the kernel settles
            info = psutil.Process(km.provisioner.process.pid).memory_full_info()
            out[ch] = {"kind": kind(ch), "rss_mb": info.rss / MB, "uss_mb": info.uss / MB}
            print(f"   {ch}: RSS {out[ch]['rss_mb']:.0f} MB, USS {out[ch]['uss_mb']:.0f} MB", flush=True)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    return out


def memory_report(mem: dict[str, dict[str, float]], say: Any) -> dict[str, Any]:
    rss = [v["rss_mb"] for v in mem.values()]
    summary: dict[str, Any] = {"chapters": mem, "kinds": {}}
    say(f"\nMemory per kernel per chapter (the live book's kernel once it has run the chapter; target: median RSS "
        f"< {TARGET_RSS:.0f} MB)")
    say(f"   {'chapter':34} {'RSS':>7} {'USS':>7}")
    for ch, v in mem.items():
        say(f"   {ch:34} {v['rss_mb']:5.0f}MB {v['uss_mb']:5.0f}MB")
    for k in ("banked", "pot", "other"):
        rows = [v for v in mem.values() if v["kind"] == k]
        if rows:
            summary["kinds"][k] = {"chapters": len(rows), "rss_mb": statistics.median(r["rss_mb"] for r in rows),
                                   "rss_max_mb": max(r["rss_mb"] for r in rows),
                                   "uss_mb": statistics.median(r["uss_mb"] for r in rows)}
            m = summary["kinds"][k]
            say(f"   {k:8} ({m['chapters']:2} chapters): RSS median {m['rss_mb']:.0f} MB "
                f"(max {m['rss_max_mb']:.0f} MB), USS median {m['uss_mb']:.0f} MB")
    if rss:
        summary["median_rss_mb"] = statistics.median(rss)
        say(f"   all chapters: RSS median {summary['median_rss_mb']:.0f} MB "
            f"({verdict(summary['median_rss_mb'] < TARGET_RSS)}), max {max(rss):.0f} MB")
    return summary


# --- 2: click latency --------------------------------------------------------------------------

def reverse_lines(page: Any, widget: int) -> None:
    box = roots(page).nth(widget).locator("textarea").first
    lines = box.input_value().splitlines()
    box.fill("\n".join(reversed(lines)))
    box.press("Tab")


class Case:
    """One button to time: the chapter, the widget's index among the page's widgets, its label, and
    what to change before click i so that the click shows something new."""

    def __init__(self, name: str, chapter: str, widget: int, label: str, note: str) -> None:
        self.name, self.chapter, self.widget, self.label, self.note = name, chapter, widget, label, note

    def before(self, page: Any, i: int) -> None:
        pass


class BankedDeal(Case):
    def before(self, page: Any, i: int) -> None:
        set_input(page, self.widget, "input[type=number]", 0, str(100 + i))


class Reverse(Case):
    def before(self, page: Any, i: int) -> None:
        reverse_lines(page, self.widget)


class NextStreet(Case):
    """Next street until the showdown, then a new seed and Restart (not timed)."""

    def before(self, page: Any, i: int) -> None:
        disabled = roots(page).nth(self.widget).get_by_role("button", name=self.label, exact=True).is_disabled()
        if i == 0 or disabled:
            set_input(page, self.widget, "input[type=number]", 1, str(200 + i))  # Players, Seed, Pot $
            if click(page, self.widget, "Restart")["ms"] is None:
                raise RuntimeError("Restart showed nothing")


class Settle(Case):
    """Swap the player's and the dealer's cards (the PayWidget's first two text boxes)."""

    def before(self, page: Any, i: int) -> None:
        a, b = (get_input(page, self.widget, "input[type=text]", n) for n in (0, 1))
        set_input(page, self.widget, "input[type=text]", 0, b)
        set_input(page, self.widget, "input[type=text]", 1, a)


class Recompute(Case):
    """Raise or lower the pay table's first row by one (the PayWidget's third text box)."""

    def before(self, page: Any, i: int) -> None:
        if i == 0:
            self.first = get_input(page, self.widget, "input[type=text]", 2)
        value = self.first if i % 2 else str(int(self.first) + 1)
        set_input(page, self.widget, "input[type=text]", 2, value)


CASES = [
    Case("Deal (pot, CompareWidget)", "mixed/badugi", 1, "Deal", "the widget raises its own seed"),
    BankedDeal("Deal (banked, BankedDealWidget)", "banked/crazy4", 0, "Deal", "a new seed before each click"),
    NextStreet("Next street (DealWidget)", "mixed/badugi", 0, "Next street",
               "to the showdown, then a new seed and Restart (untimed)"),
    Reverse("Compare (pot, CompareWidget)", "mixed/badugi", 1, "Compare", "the hands' order reversed each time"),
    Reverse("Compare (banked, DealerCompareWidget)", "banked/crazy4", 1, "Compare",
            "player and dealer swapped each time"),
    Reverse("Pay (PotPayWidget)", "mixed/badugi", 2, "Pay", "the hands' order reversed each time"),
    Settle("Settle (PayWidget)", "banked/crazy4", 2, "Settle", "player's and dealer's cards swapped each time"),
    Recompute("Recompute house edge (PayWidget)", "banked/crazy4", 2, "Recompute house edge",
              "the first pay-table row +1 / back each time"),
    Reverse("Odds (OddsWidget, Stud 8 fifth street, exact)", "mixed/stud8", 3, "Odds",
            "the hands' order reversed each time (issue 25)"),
    Reverse("Odds (OddsWidget, Razzdugi fifth street, exact)", "mixed/razzdugi", 3, "Odds",
            "the hands' order reversed each time (issue 25)"),
    Reverse("Odds (OddsWidget, Archie, a draw)", "mixed/archie", 3, "Odds",
            "the hands' order reversed each time (issue 25)"),
]


def time_clicks(browser: Any, server: VoilaServer, case: Case, n: int) -> dict:
    ctx, page = new_page(browser)
    try:
        page.goto(chapter_url(server, case.chapter), wait_until="commit")
        page.wait_for_function(VISIBLE_JS, polling="raf", timeout=PAGE_TIMEOUT * 1000)
        roots(page).nth(case.widget).get_by_role("button", name=case.label, exact=True).wait_for()
        page.evaluate(QUIET_JS, [case.widget, 500, 10_000])
        out: list[dict] = []
        for i in range(n + 1):
            case.before(page, i)
            out.append(click(page, case.widget, case.label))
        return {"first": out[0], "rest": out[1:]}
    finally:
        close(ctx, page)


# --- the report --------------------------------------------------------------------------------

def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[max(0, math.ceil(0.95 * len(xs)) - 1)]


def rounded(x: Any) -> Any:
    if isinstance(x, float):
        return round(x, 3)
    if isinstance(x, dict):
        return {k: rounded(v) for k, v in x.items()}
    if isinstance(x, list):
        return [rounded(v) for v in x]
    return x


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def stats(xs: list[float]) -> dict[str, float]:
    return {"median": statistics.median(xs), "p95": p95(xs), "max": max(xs), "n": len(xs)} if xs else {}


# --- the crowd ---------------------------------------------------------------------------------

async def _open_async(browser: Any, url: str, book_page: str | None = None) -> tuple[Any, Any, dict]:
    """A reader arrives at ``url`` (async): his context and page, and the seconds from his arrival
    to a visible widget button and to a click answered. With ``book_page`` (the served book's
    page of the chapter) he is reading that page first and arrives by clicking its first Open live
    link: the book's page has set the live server's browser cookie, so the chapter comes at once."""
    ctx = await browser.new_context(extra_http_headers=reader_headers())
    page = await ctx.new_page()
    page.set_default_timeout(PAGE_TIMEOUT * 1000)
    if book_page:
        await page.goto(book_page, wait_until="networkidle")
        await page.locator(".widget-button").first.wait_for()  # its saved widgets are drawn
        await asyncio.sleep(1.0)  # he reads a little: the page has drawn its saved widgets
        arrived = time.time()
        await page.click("a.live-open")
        await page.wait_for_url("**/voila/render/**", wait_until="commit")
    else:
        arrived = time.time()
        await page.goto(url, wait_until="commit")
    try:
        await page.wait_for_function(VISIBLE_JS, polling="raf", timeout=PAGE_TIMEOUT * 1000)
    except Exception as err:
        text = (await page.inner_text("body"))[:300] if not page.is_closed() else ""
        raise RuntimeError(f"{err}; the page said: {text!r}") from None
    origin = await page.evaluate("() => performance.timeOrigin") / 1000
    visible = origin + await page.evaluate("() => window.__visibleAt") / 1000 - arrived
    pick = await page.evaluate(PICK_JS)
    if pick is None:
        raise RuntimeError(f"{url}: no enabled widget button")
    res = await page.evaluate(CLICK_JS, [pick[0], pick[1], PAGE_TIMEOUT * 1000, pick[2]])
    usable = None if res.get("at") is None else origin + res["at"] / 1000 - arrived
    return ctx, page, {"arrived": arrived, "visible": visible, "usable": usable, "button": pick[1],
                       "error": res.get("error")}


async def crowd_run(server: VoilaServer, chapter: str, reader_chapter: str, n: int, within: float,
                    singles: int, browsers: int = 4) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    url = chapter_url(server, chapter)
    filled = FILLED.format(re.escape(chapter + ".ipynb"))
    out: dict[str, Any] = {"single": [], "single_from_book": [], "crowd": [], "reader_before": [], "reader_during": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # 1. a single reader at a time, each with the pool full again
            book_page = f"{server.url}voila/files/site/book/{chapter}.html"
            for k in range(2 * singles):
                full = len(re.findall(filled, server.log_text()))
                by_link = k % 2 == 1  # every other one comes by the book's Open live link
                ctx, page, res = await _open_async(browser, url, book_page if by_link else None)
                out["single_from_book" if by_link else "single"].append(res)
                print(f"   a single reader{' from the book' if by_link else ''}: "
                      + ("no answer to his click" if res["usable"] is None else f"usable after {res['usable']:.2f} s"),
                      flush=True)
                await page.close(run_before_unload=True)
                await ctx.close()
                await asyncio.get_running_loop().run_in_executor(None, server.wait_for_log, filled, full + 1)
            # the open reader, and his clicks before the crowd
            rctx, rpage, _ = await _open_async(browser, chapter_url(server, reader_chapter))
            widget, label, bump = READER_BUTTON
            out["reader_button"] = f"{label} ({reader_chapter}, widget {widget})"

            async def click_once() -> dict:
                res = await rpage.evaluate(CLICK_JS, [widget, label, CLICK_TIMEOUT, bump])
                return {"ms": res.get("ms"), "at": time.time()}

            for _ in range(20):
                out["reader_before"].append(await click_once())
                await asyncio.sleep(0.25)
            # 2 and 3. the crowd arrives while the open reader clicks
            done = asyncio.Event()

            async def keep_clicking() -> None:
                while not done.is_set():
                    out["reader_during"].append(await click_once())
                    await asyncio.sleep(0.25)

            async def arrive(i: int) -> Any:
                await asyncio.sleep(i * within / n)
                return await _open_async(browser, url)

            out["filled_before_crowd"] = len(re.findall(filled, server.log_text()))
            clicker = asyncio.create_task(keep_clicking())
            t0 = time.time()
            arrivals = await asyncio.gather(*[arrive(i) for i in range(n)], return_exceptions=True)
            done.set()
            await clicker
            out["crowd_seconds"] = time.time() - t0
            for a in arrivals:
                if isinstance(a, BaseException):
                    out["crowd"].append({"error": repr(a)})
                else:
                    out["crowd"].append(a[2])
            out["kernels_at_peak"] = len(server.kernels())
            out["server_rss_at_peak"] = server.rss()
            out["kernels_rss_at_peak"] = [k.memory_info().rss / MB for k in server.kernels()]
            for a in arrivals:
                if not isinstance(a, BaseException):
                    await a[1].close(run_before_unload=True)
                    await a[0].close()
            # 2b. the same crowd's requests without browsers (the server's own part), the pool full
            # again, the open reader clicking meanwhile
            print("   the crowd's requests without browsers, once the pool is full again ...", flush=True)
            await asyncio.get_running_loop().run_in_executor(
                None, server.wait_for_log, filled, out["filled_before_crowd"] + n)  # each kernel taken is refilled
            await asyncio.sleep(5)  # the browser crowd's kernels are gone (their tabs closed)
            done.clear()
            during, out["reader_during"] = out["reader_during"], []
            clicker = asyncio.create_task(keep_clicking())
            filled_now = len(re.findall(filled, server.log_text()))
            out["server_only"] = await server_crowd(server, chapter, n, within)
            # and while the pool is refilled behind them (n kernels started, one at a time)
            try:
                await asyncio.get_running_loop().run_in_executor(None, server.wait_for_log, filled, filled_now + n, 300)
            except TimeoutError:
                pass
            done.set()
            await clicker
            out["reader_during_server_only"], out["reader_during"] = out["reader_during"], during
            # 2c. the crowd with its readers' browsers on their own computers: the same arrivals,
            # most as protocol readers, ``browsers`` of them (spread over the arrivals, the last
            # one included) in a real browser here; the pool full again, the open reader clicking
            if browsers:
                print(f"   the crowd again, {browsers} of its readers in a browser ...", flush=True)
                end = time.monotonic() + 180  # the protocol readers' kernels gone (their tabs closed)
                while len(server.kernels()) > n + 2 and time.monotonic() < end:  # the pools and the open reader
                    await asyncio.sleep(1)
                out["kernels_before_mixed"] = len(server.kernels())
                in_browser = sorted({(j + 1) * n // browsers - 1 for j in range(browsers)})
                out["mixed_in_browser"] = in_browser
                saved, out["reader_during"] = out["reader_during"], []
                done.clear()
                clicker = asyncio.create_task(keep_clicking())
                out["mixed"] = await mixed_crowd(browser, server, chapter, n, within, in_browser)
                done.set()
                await clicker
                out["reader_during_mixed"], out["reader_during"] = out["reader_during"], saved
            await rpage.close(run_before_unload=True)
            await rctx.close()
        finally:
            await browser.close()
    return out


def _shell_msg(msg_type: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None) -> str:
    import uuid

    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "reader",
                                  "session": session, "version": "5.3", "date": ""},
                       "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell",
                       "buffers": []})


async def protocol_reader(server: VoilaServer, chapter: str, client: Any, sockets: list[Any],
                          delay: float = 0.0) -> dict[str, Any]:
    """One reader without a browser: after ``delay`` seconds, every request his page's scripts
    would make, in order (the browser cookie set, an address of his own): the page; its kernel's
    websocket and the first message a page sends (``comm_info_request``); the widgets' states
    (``request_states`` on the ``jupyter.widget.control`` comm, as the widget manager asks for
    them); and a click on the first button that changes something (Deal, Restart, ...), until
    the kernel sends another widget's new state. Seconds from his arrival to each."""
    import http.cookies
    import uuid

    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    await asyncio.sleep(delay)
    headers = {"Cookie": "handbook_live=1", **reader_headers()}
    t0 = time.monotonic()
    resp = await client.fetch(HTTPRequest(chapter_url(server, chapter), headers=headers, request_timeout=600))
    page_s = time.monotonic() - t0
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', resp.body.decode()).group(1)  # type: ignore[union-attr]
    jar = http.cookies.SimpleCookie()
    xsrf = ""
    for line in resp.headers.get_list("Set-Cookie"):
        if f"/api/kernels/{kernel}" in line:
            jar.load(line)
        elif line.startswith("_xsrf="):
            xsrf = line.split(";")[0].split("=", 1)[1]
    secret = jar["handbook_kernel"].value
    ws_url = server.url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
    ws = await websocket_connect(HTTPRequest(ws_url, headers={**headers,
                                                              "Cookie": f"handbook_live=1; handbook_kernel={secret}"}))

    async def leave() -> None:
        """What the page does when its tab closes: Voilà's shutdown beacon, then the socket goes."""
        try:
            await client.fetch(HTTPRequest(
                server.url + f"voila/api/shutdown/{kernel}", method="POST", body=b"", request_timeout=60,
                headers={**headers, "X-XSRFToken": xsrf,
                         "Cookie": f"handbook_live=1; handbook_kernel={secret}; _xsrf={xsrf}"}), raise_error=False)
        finally:
            ws.close()

    sockets.append(leave)
    session = uuid.uuid4().hex

    async def until(pred: Any) -> dict[str, Any]:
        while True:
            raw = await asyncio.wait_for(ws.read_message(), 600)
            if raw is None:
                raise RuntimeError("the kernel's websocket closed")
            if isinstance(raw, bytes):  # a message with binary buffers (the widgets' states may have some)
                from jupyter_server.services.kernels.connection.base import deserialize_binary_message

                msg = deserialize_binary_message(raw)
            else:
                msg = json.loads(raw)
            if pred(msg):
                return msg

    await ws.write_message(_shell_msg("comm_info_request", {}, session))
    await until(lambda m: m["header"]["msg_type"] == "comm_info_reply")
    answered_s = time.monotonic() - t0
    control = uuid.uuid4().hex
    await ws.write_message(_shell_msg("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                                    "data": {}}, session, {"version": "1.0.0"}))
    await ws.write_message(_shell_msg("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, session))
    reply = await until(lambda m: m["header"]["msg_type"] == "comm_msg"
                        and m["content"].get("data", {}).get("method") == "update_states")
    states_s = time.monotonic() - t0
    states = reply["content"]["data"]["states"]
    button = next((mid for mid, st in states.items()
                   if st.get("model_name") == "ButtonModel" and not st["state"].get("disabled")
                   and st["state"].get("description") in CHANGING), None)
    if button is None:
        raise RuntimeError(f"{chapter}: no enabled button among {len(states)} widgets")
    await ws.write_message(_shell_msg("comm_msg", {"comm_id": button, "data": {
        "method": "custom", "content": {"event": "click"}}}, session))
    await until(lambda m: m["header"]["msg_type"] == "comm_msg" and m["content"].get("comm_id") != button
                and m["content"].get("data", {}).get("method") in ("update", "echo_update"))
    return {"page_s": page_s, "kernel_answered_s": answered_s, "states_s": states_s,
            "usable_s": time.monotonic() - t0}


async def server_crowd(server: VoilaServer, chapter: str, n: int, within: float) -> list[dict[str, Any]]:
    """The server's part of a crowd, without browsers: ``n`` protocol readers
    (:func:`protocol_reader`) arriving evenly within ``within`` seconds."""
    from tornado.httpclient import AsyncHTTPClient

    client = AsyncHTTPClient(force_instance=True, max_clients=n + 2)
    sockets: list[Any] = []
    results = await asyncio.gather(*[protocol_reader(server, chapter, client, sockets, i * within / n)
                                     for i in range(n)], return_exceptions=True)
    await asyncio.gather(*[leave() for leave in sockets], return_exceptions=True)  # the readers close their tabs
    client.close()
    return [r if isinstance(r, dict) else {"error": repr(r)} for r in results]


async def mixed_crowd(browser: Any, server: VoilaServer, chapter: str, n: int, within: float,
                      in_browser: list[int]) -> list[dict[str, Any]]:
    """The crowd as the server meets it, with the readers' browsers on their own computers:
    ``n`` readers arriving evenly within ``within`` seconds, those numbered in ``in_browser`` in
    a real browser on this machine (timed as in :func:`_open_async`), the others as protocol
    readers (:func:`protocol_reader`): every reader's seconds from arrival to his first click
    answered, with how he came."""
    from tornado.httpclient import AsyncHTTPClient

    client = AsyncHTTPClient(force_instance=True, max_clients=n + 2)
    sockets: list[Any] = []
    opened: list[Any] = []
    url = chapter_url(server, chapter)

    async def one(i: int) -> dict[str, Any]:
        if i in in_browser:
            await asyncio.sleep(i * within / n)
            ctx, page, res = await _open_async(browser, url)
            opened.append((ctx, page))
            return {"reader": i, "browser": True, "usable_s": res["usable"], "visible_s": res["visible"]}
        res = await protocol_reader(server, chapter, client, sockets, i * within / n)
        return {"reader": i, "browser": False, **res}

    results = await asyncio.gather(*[one(i) for i in range(n)], return_exceptions=True)
    for ctx, page in opened:
        await page.close(run_before_unload=True)
        await ctx.close()
    await asyncio.gather(*[leave() for leave in sockets], return_exceptions=True)  # the readers close their tabs
    client.close()
    return [r if isinstance(r, dict) else {"error": repr(r)} for r in results]


def crowd_main(args: argparse.Namespace, live: Path, machine: dict, started: Any, commit: str) -> None:
    chapter, reader_chapter, n = args.crowd_chapter, args.reader_chapter, args.crowd
    pools = {chapter: n, reader_chapter: 1} if reader_chapter != chapter else {chapter: n + 1}
    print(f"server: pools of {pools} pre-started kernels, filling ...", flush=True)
    t = time.monotonic()
    server = live_server(live, pools, log_path=args.server_log or None)
    fill_s = time.monotonic() - t
    print(f"server: {server.url}, pools full after {fill_s:.0f} s", flush=True)
    server_rss_idle = server.rss()
    with stopped_after(server):
        res = asyncio.run(crowd_run(server, chapter, reader_chapter, n, args.within, 0 if args.quick else 3,
                                    args.browsers))
        server_rss_end = server.rss()
    print("\nmemory per kernel per chapter ...", flush=True)
    every = [c for c in chapter_names(live) if c != "trainer"]
    mem = kernel_memory(live, [chapter] if args.quick else every)

    lines: list[str] = []
    say = lines.append
    say(f"\nLive book benchmark, a crowd: {started:%Y-%m-%d %H:%M} UTC, commit {commit}, {machine['cores']} cores, "
        f"load average {' '.join(f'{x:.1f}' for x in machine['load_at_start'])} at start (browser, server and kernels "
        f"on the same machine)")
    say(f"   server: deploy/serve, pre-started kernels {pools} (full {fill_s:.0f} s after start); every reader a fresh "
        "browser context (a first visit) with an address of its own; times from the reader's arrival (before his "
        "first request) to the first click on a widget answered")
    single = [o["usable"] for o in res["single"] if o.get("usable") is not None]
    if single:
        st = stats(single)
        say(f"\n1. A single reader on {chapter} (pool full), coming straight to its address (his browser "
            f"says it opens a page): usable after median {st['median']:.2f} s "
            f"({verdict(st['median'] <= TARGET_SINGLE)}), max {st['max']:.2f} s "
            f"({verdict(st['max'] <= TARGET_SINGLE)}); target {TARGET_SINGLE:.0f} s")
    from_book = [o["usable"] for o in res["single_from_book"] if o.get("usable") is not None]
    if from_book:
        sf = stats(from_book)
        say("   coming by the Open live link of the chapter's page in the served book (which has set the browser "
            f"cookie): usable after median {sf['median']:.2f} s ({verdict(sf['median'] <= TARGET_SINGLE)}), "
            f"max {sf['max']:.2f} s ({verdict(sf['max'] <= TARGET_SINGLE)})")
    crowd_ok = [o for o in res["crowd"] if o.get("usable") is not None]
    errors = [o for o in res["crowd"] if o.get("usable") is None]
    use, vis = [o["usable"] for o in crowd_ok], [o["visible"] for o in crowd_ok]
    st, sv = stats(use), stats(vis)
    say(f"\n2. A crowd of {n} readers arriving within {args.within:g} s on {chapter}: "
        f"{len(crowd_ok)} of {n} got a usable widget" + (f"; {len(errors)} did not: {errors[:3]}" if errors else ""))
    if st:
        say(f"   first usable widget: median {st['median']:.2f} s, p95 {st['p95']:.2f} s, max {st['max']:.2f} s "
            f"({verdict(st['p95'] <= TARGET_CROWD_P95 and not errors)}; target p95 {TARGET_CROWD_P95} s)")
        say(f"   first visible widget: median {sv['median']:.2f} s, p95 {sv['p95']:.2f} s, max {sv['max']:.2f} s")
        say(f"   kernels at the peak: {res['kernels_at_peak']} ({n} readers, the open reader, the pools refilling); "
            f"Voilà server RSS {res['server_rss_at_peak']:.0f} MB")
    server_only = [o for o in res.get("server_only", []) if "error" not in o]
    ss_page, ss_kernel = stats([o["page_s"] for o in server_only]), stats([o["kernel_answered_s"] for o in server_only])
    if ss_kernel:
        say(f"\n2b. The server's part of the same crowd (its {n} readers' requests within {args.within:g} s without "
            f"browsers, the pool full again): page received after median {ss_page['median']:.2f} s, p95 "
            f"{ss_page['p95']:.2f} s, max {ss_page['max']:.2f} s; its kernel answering over its websocket after median "
            f"{ss_kernel['median']:.2f} s, p95 {ss_kernel['p95']:.2f} s, max {ss_kernel['max']:.2f} s"
            + (f"; {len(res['server_only']) - len(server_only)} failed" if len(server_only) < n else ""))
    ss_usable = stats([o["usable_s"] for o in server_only])
    if ss_usable:
        say("   every widget's state received after median "
            f"{stats([o['states_s'] for o in server_only])['median']:.2f} s; "
            f"a click answered after median {ss_usable['median']:.2f} s, p95 {ss_usable['p95']:.2f} s, "
            f"max {ss_usable['max']:.2f} s")
    mixed = [o for o in res.get("mixed", []) if "error" not in o and o.get("usable_s") is not None]
    mixed_errors = [o for o in res.get("mixed", []) if "error" in o or o.get("usable_s") is None]
    sm = stats([o["usable_s"] for o in mixed])
    smb = stats([o["usable_s"] for o in mixed if o["browser"]])
    if sm:
        say(f"\n2c. The crowd with its readers' browsers on their own computers ({n} readers within {args.within:g} s, "
            f"the pool full again; readers {', '.join(str(i + 1) for i in res['mixed_in_browser'])} in a real browser "
            f"on this machine, the others as protocol readers making every request of the page, its widgets' "
            f"states and a click): first click answered after median {sm['median']:.2f} s, p95 {sm['p95']:.2f} s, "
            f"max {sm['max']:.2f} s ({verdict(sm['p95'] <= TARGET_CROWD_P95 and not mixed_errors)}; target p95 "
            f"{TARGET_CROWD_P95} s)" + (f"; {len(mixed_errors)} failed: {mixed_errors[:2]}" if mixed_errors else ""))
        if smb:
            shown = ", ".join(f"{o['usable_s']:.2f}" for o in mixed if o["browser"])
            say(f"   the readers in a browser: usable after {shown} s")
    before = [c["ms"] for c in res["reader_before"] if c["ms"] is not None]
    during = [c["ms"] for c in res["reader_during"] if c["ms"] is not None]
    during_server = [c["ms"] for c in res.get("reader_during_server_only", []) if c["ms"] is not None]
    during_mixed = [c["ms"] for c in res.get("reader_during_mixed", []) if c["ms"] is not None]
    sb, sd, sds, sdm = stats(before), stats(during), stats(during_server), stats(during_mixed)
    say(f"\n3. The open reader's clicks ({res.get('reader_button')}; targets: median < {TARGET_MEDIAN:.0f} ms, "
        f"p95 < {TARGET_P95:.0f} ms)")
    if sb:
        say(f"   before the crowd: {sb['n']} clicks, median {sb['median']:.0f} ms, p95 {sb['p95']:.0f} ms, "
            f"max {sb['max']:.0f} ms")
    if sd:
        ok = sd["median"] < TARGET_MEDIAN and sd["p95"] < TARGET_P95
        say(f"   while the crowd's browsers loaded their pages: {sd['n']} clicks, median {sd['median']:.0f} ms, "
            f"p95 {sd['p95']:.0f} ms, max {sd['max']:.0f} ms ({verdict(ok)})")
    if sds:
        ok = sds["median"] < TARGET_MEDIAN and sds["p95"] < TARGET_P95
        say("   while the crowd's requests arrived without browsers and the pool was refilled (2b): "
            f"{sds['n']} clicks, median {sds['median']:.0f} ms, p95 {sds['p95']:.0f} ms, "
            f"max {sds['max']:.0f} ms ({verdict(ok)})")
    if sdm:
        ok = sdm["median"] < TARGET_MEDIAN and sdm["p95"] < TARGET_P95
        say(f"   while the crowd of 2c arrived: {sdm['n']} clicks, median {sdm['median']:.0f} ms, "
            f"p95 {sdm['p95']:.0f} ms, max {sdm['max']:.0f} ms ({verdict(ok)})")
    summary_mem = memory_report(mem, say)
    say(f"   Voilà server: RSS {server_rss_idle:.0f} MB with its pools full, {server_rss_end:.0f} MB at the end")
    say(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at end")
    print("\n".join(lines))
    report = {"benchmark": "benchmarks/bench_live.py --crowd", "issue": 22,
              "date": started.isoformat(timespec="seconds"),
              "commit": commit, "command": " ".join(["benchmarks/bench_live.py", *sys.argv[1:]]), "machine": machine,
              "server_command": "HANDBOOK_LIVE=... " + " ".join(server.argv), "pools": pools,
              "pools_full_after_s": fill_s,
              "targets": {"single_usable_s": TARGET_SINGLE, "crowd_usable_p95_s": TARGET_CROWD_P95,
                          "click_median_ms": TARGET_MEDIAN, "click_p95_ms": TARGET_P95, "median_rss_mb": TARGET_RSS},
              "single_reader": {"usable": stats(single), "runs": res["single"],
                                "from_book": {"usable": stats(from_book), "runs": res["single_from_book"]}},
              "crowd": {"readers": n, "within_s": args.within, "usable": st, "visible": sv, "errors": errors,
                        "runs": res["crowd"], "kernels_at_peak": res.get("kernels_at_peak"),
                        "server_rss_at_peak_mb": res.get("server_rss_at_peak"),
                        "kernel_rss_at_peak_mb": res.get("kernels_rss_at_peak")},
              "server_only": {"page": ss_page, "kernel_answered": ss_kernel, "usable": ss_usable,
                              "runs": res.get("server_only")},
              "mixed_crowd": {"in_browser": res.get("mixed_in_browser"), "usable": sm, "usable_in_browser": smb,
                              "errors": mixed_errors, "runs": res.get("mixed")},
              "open_reader_clicks": {"button": res.get("reader_button"), "before": sb, "during": sd,
                                     "during_server_only": sds, "during_mixed": sdm,
                                     "samples_during_ms": [None if c["ms"] is None else round(c["ms"], 1)
                                                           for c in res["reader_during"]]},
              "memory": {**summary_mem, "server": {"rss_pools_full_mb": server_rss_idle, "rss_end_mb": server_rss_end}},
              "report": "\n".join(lines).strip()}
    out = Path(args.output or CROWD_RESULTS)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rounded(report), indent=1) + "\n", encoding="utf-8")
    print(f"written: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


def chapter_names(live: Path) -> list[str]:
    chapters = live / "chapters"
    return sorted(str(p.relative_to(chapters).with_suffix("")) for p in chapters.rglob("*.ipynb"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1 opening per chapter, 10 clicks per button; "
                    "with --crowd: no single readers, memory of the crowd's chapter only")
    ap.add_argument("--chapters", default="",
                    help="comma-separated chapters to time the opening of (e.g. banked/crazy4,mixed/badugi); "
                    "default all")
    ap.add_argument("--no-clicks", action="store_true", help="skip the click latencies")
    ap.add_argument("--crowd", type=int, default=0, help="readers arriving together (issue 22), e.g. 20")
    ap.add_argument("--within", type=float, default=10.0, help="seconds over which the crowd arrives")
    ap.add_argument("--browsers", type=int, default=4,
                    help="with --crowd: how many of the crowd's readers come in a real browser in the mixed crowd (2c)")
    ap.add_argument("--crowd-chapter", default="banked/crazy4", help="the chapter the crowd opens")
    ap.add_argument("--reader-chapter", default="mixed/badugi",
                    help="the open reader's chapter (its second widget's Deal is clicked)")
    ap.add_argument("--live", default=str(LIVE), help="the live book to serve (default _build/live)")
    ap.add_argument("--server-log", default="", help="keep the server's log in this file")
    ap.add_argument("--output", default="", help=f"the JSON report (default {RESULTS.relative_to(ROOT)}, "
                    f"{CROWD_RESULTS.relative_to(ROOT)} with --crowd)")
    args = ap.parse_args()
    live = Path(args.live).resolve()

    if not (live / "chapters").is_dir() or not (live / "site" / "index.html").is_file():
        raise SystemExit(f"{live} is missing or incomplete: build it with "
                         "`.venv/bin/python deploy/live_build.py` (after `bash .ci/book`), "
                         "or run `bash deploy/serve` once")
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing (Debian's chromium; see .ci/setup)")
    every = [c for c in chapter_names(live) if c != "trainer"]  # the staff trainer is not on the public book
    vm = psutil.virtual_memory()
    started = datetime.datetime.now(datetime.UTC)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    machine = {"cores": os.cpu_count(), "memory_gb": round(vm.total / 1024**3, 1), "python": platform.python_version(),
               "load_at_start": [round(x, 2) for x in os.getloadavg()]}
    print(f"machine: {machine['cores']} cores, {machine['memory_gb']} GB memory, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} at start; commit {commit}")
    if args.crowd:
        for ch in (args.crowd_chapter, args.reader_chapter):
            if ch not in every:
                raise SystemExit(f"no live chapter {ch}; the chapters: {', '.join(every)}")
        crowd_main(args, live, machine, started, commit)
        return

    wanted = [c.strip().removesuffix(".ipynb") for c in args.chapters.split(",") if c.strip()]
    unknown = [c for c in wanted if c not in every]
    if unknown:
        raise SystemExit(f"no live chapter {', '.join(unknown)}; the chapters: {', '.join(every)}")
    chapters = wanted or every
    opens = 1 if args.quick else 3
    clicks = 10 if args.quick else 30

    from playwright.sync_api import sync_playwright

    pools = {ch: 1 for ch in sorted(set(chapters) | {c.chapter for c in CASES})}
    print(f"server: one pre-started kernel for each of {len(pools)} chapters, filling ...", flush=True)
    server = live_server(live, pools, log_path=args.server_log or None)
    print("server: " + " ".join(server.argv))
    openings: dict[str, list[dict]] = {}
    latencies: dict[str, dict] = {}
    server_rss_idle = server.rss()
    with stopped_after(server):
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                print(f"\n1. opening {len(chapters)} chapters, {opens} time(s) each ...", flush=True)
                for ch in chapters:
                    filled = FILLED.format(re.escape(ch + ".ipynb"))
                    openings[ch] = []
                    for _ in range(opens):
                        full = len(re.findall(filled, server.log_text()))
                        openings[ch].append(open_chapter(browser, server, ch))
                        server.wait_for_log(filled, full + 1)  # its pool is full again
                    print(f"   {ch}: usable " + ", ".join(
                        "-" if o["usable"] is None else f"{o['usable']:.2f} s" for o in openings[ch]), flush=True)
                if not args.no_clicks:
                    print(f"\n2. clicking each button 1 + {clicks} times ...", flush=True)
                    for case in CASES:
                        latencies[case.name] = time_clicks(browser, server, case, clicks)
                        latencies[case.name].update(chapter=case.chapter, label=case.label, note=case.note)
                        ms = [r["ms"] for r in latencies[case.name]["rest"] if r["ms"] is not None]
                        print(f"   {case.name}: median {statistics.median(ms):.0f} ms" if ms else
                              f"   {case.name}: no change seen", flush=True)
            finally:
                browser.close()
        server_rss_end = server.rss()
    print("\n3. memory per kernel per chapter ...", flush=True)
    mem = kernel_memory(live, chapters)

    # --- the report
    lines: list[str] = []
    say = lines.append
    say(f"\nLive book benchmark, {started:%Y-%m-%d %H:%M} UTC, commit {commit}, {machine['cores']} cores "
        f"(browser, server and kernels on the same machine); {'--quick' if args.quick else 'full run'}")
    say(f"\n1. Time to the first usable widget (from the reader's arrival, a pre-started kernel waiting; median of "
        f"{opens} opening(s), a fresh browser context each; target: usable within {TARGET_USABLE:.0f} s)")
    say(f"   {'chapter':34} {'visible':>8} {'usable':>8} {'worst':>8}  {'button clicked':22} verdict")
    per_chapter = {}
    for ch, runs in openings.items():
        vis = [o["visible"] for o in runs]
        use = [o["usable"] for o in runs if o["usable"] is not None]
        med = statistics.median(use) if use else None
        per_chapter[ch] = {"visible_s": statistics.median(vis), "usable_s": med,
                           "usable_max_s": max(use) if use else None,
                           "button": runs[0]["button"] + (" (a number box raised first)" if runs[0]["bumped"] else ""),
                           "no_change_seen": len(runs) - len(use), "runs": runs}
        ok = med is not None and med <= TARGET_USABLE
        say(f"   {ch:34} {statistics.median(vis):7.2f}s "
            + (f"{med:7.2f}s {max(use):7.2f}s" if use else f"{'-':>8} {'-':>8}")
            + f"  {per_chapter[ch]['button'][:22]:22} {verdict(ok)}"
            + ("" if len(use) == len(runs) else f" ({len(runs) - len(use)} click(s) showed no change)"))
    meds = [v["usable_s"] for v in per_chapter.values() if v["usable_s"] is not None]
    summary_open = {}
    if meds:
        summary_open = {"median_s": statistics.median(meds), "max_s": max(meds),
                        "worst_single_s": max(v["usable_max_s"] for v in per_chapter.values() if v["usable_max_s"]),
                        "chapters_missing": [c for c, v in per_chapter.items()
                                             if v["usable_s"] is None or v["usable_s"] > TARGET_USABLE]}
        say(f"   over the chapters' medians: median {summary_open['median_s']:.2f} s "
            f"({verdict(summary_open['median_s'] <= TARGET_USABLE)}), max {summary_open['max_s']:.2f} s "
            f"({verdict(summary_open['max_s'] <= TARGET_USABLE)}); slowest single opening "
            f"{summary_open['worst_single_s']:.2f} s")

    summary_clicks = {}
    if latencies:
        say(f"\n2. Click to DOM change, in the page (steady state: {clicks} clicks after the first; "
            f"targets: median < {TARGET_MEDIAN:.0f} ms, p95 < {TARGET_P95:.0f} ms)")
        say(f"   {'button':40} {'median':>7} {'p95':>7} {'max':>7} {'paint med':>9} {'first':>7}  verdict")
        for name, res in latencies.items():
            ms = [r["ms"] for r in res["rest"] if r["ms"] is not None]
            frames = [r["frame"] for r in res["rest"] if r["ms"] is not None]
            unchanged = sum(1 for r in res["rest"] if r["ms"] is None or not r.get("changed"))
            first = res["first"]["ms"]
            row = {"chapter": res["chapter"], "label": res["label"], "input_change": res["note"],
                   "clicks": len(res["rest"]),
                   "median_ms": statistics.median(ms) if ms else None, "p95_ms": p95(ms) if ms else None,
                   "max_ms": max(ms) if ms else None, "paint_median_ms": statistics.median(frames) if frames else None,
                   "first_click_ms": first, "clicks_without_visible_change": unchanged,
                   "first_changes_seen": sorted({r.get("what") for r in res["rest"] if r.get("what")}),
                   "samples_ms": [None if r["ms"] is None else round(r["ms"], 2) for r in res["rest"]]}
            summary_clicks[name] = row
            if not ms:
                say(f"   {name:40} no DOM change seen  MISS")
                continue
            ok = row["median_ms"] < TARGET_MEDIAN and row["p95_ms"] < TARGET_P95
            say(f"   {name:40} {row['median_ms']:6.0f}ms {row['p95_ms']:6.0f}ms {row['max_ms']:6.0f}ms "
                f"{row['paint_median_ms']:8.0f}ms " + ("      -" if first is None else f"{first:6.0f}ms")
                + f"  {verdict(ok)} (median {verdict(row['median_ms'] < TARGET_MEDIAN)}, "
                f"p95 {verdict(row['p95_ms'] < TARGET_P95)})"
                + (f"; {unchanged} click(s) without a change" if unchanged else ""))

    say("\n3.")
    summary_mem = memory_report(mem, say)
    server_peak = max([o["server_rss"] for runs in openings.values() for o in runs] + [server_rss_end, server_rss_idle])
    summary_mem["server"] = {"rss_pools_full_mb": server_rss_idle, "rss_peak_seen_mb": server_peak,
                             "rss_end_mb": server_rss_end}
    say(f"   Voilà server: RSS {server_rss_idle:.0f} MB with its pools full, {server_peak:.0f} MB at most seen, "
        f"{server_rss_end:.0f} MB at the end")
    say(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at end")
    print("\n".join(lines))

    report = {"benchmark": "benchmarks/bench_live.py", "issue": 22, "date": started.isoformat(timespec="seconds"),
              "commit": commit, "command": " ".join(["benchmarks/bench_live.py", *sys.argv[1:]]), "machine": machine,
              "server_command": "HANDBOOK_LIVE=... " + " ".join(server.argv),
              "targets": {"usable_s": TARGET_USABLE, "click_median_ms": TARGET_MEDIAN, "click_p95_ms": TARGET_P95,
                          "median_rss_mb": TARGET_RSS},
              "openings_per_chapter": opens, "first_usable_widget": {"chapters": per_chapter, "summary": summary_open},
              "click_latency": summary_clicks, "memory": summary_mem, "report": "\n".join(lines).strip()}
    out = Path(args.output or RESULTS)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rounded(report), indent=1) + "\n", encoding="utf-8")
    print(f"written: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


if __name__ == "__main__":
    main()
