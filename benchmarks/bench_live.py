"""How fast the live book is in a real browser, and how much memory a live reader costs (issue 12).

Run: ``.venv/bin/python benchmarks/bench_live.py [--quick] [--chapters banked/crazy4,mixed/badugi]``.

``deploy/serve`` is started on a free port of 127.0.0.1 serving ``_build/live``, and headless Debian Chromium, driven by Playwright, measures:

1. **Time to the first usable widget** of every live chapter (``_build/live/chapters/**/*.ipynb``,
   or those given by ``--chapters``), each opened 3 times (1 with ``--quick``) in a fresh browser
   context (a cold cache: a reader's first visit). Timed in the page, from navigation start
   (``performance.now()``): *visible*, when the first widget button is on screen and enabled; and
   *usable*, when a click on a widget button has come back from the kernel as a change of that
   widget's DOM (the first widget with a button that changes something when pressed, e.g. Deal,
   Restart, New question; a widget that has only a check button gets its first number box raised
   by one at the click, so that there is something new to show, whether the box or the button
   answers). Target: usable within 3 s.
2. **Click latency** of Deal (a pot game's CompareWidget in mixed/badugi, and the banked
   BankedDealWidget in banked/crazy4), Next street (DealWidget), Compare (CompareWidget and
   DealerCompareWidget), Pay (PotPayWidget), Settle and Recompute house edge (PayWidget): the click
   is dispatched by JavaScript in the page, which records ``performance.now()`` at the click and at
   the first DOM mutation of that widget that follows (a MutationObserver on the widget's output
   area, the button itself excluded), and the next animation frame after it (about when it is
   painted). An input is changed between clicks where the widget needs it to show something
   different (the seed box, the order of the hands, a card box, a pay-table row), and the page is
   left quiet (no mutation for 250 ms) before each click. Each button is clicked 1 + 30 times
   (1 + 10 with ``--quick``); the first click is reported apart, the steady state is the rest.
   Targets: median under 100 ms, 95th percentile under 250 ms.
3. **Memory per live reader**: psutil's RSS and USS (the memory a kernel frees when it exits) of
   the kernel Voilà started for a chapter (its child whose command line holds
   ``ipykernel_launcher``), once the chapter's widgets answer; per chapter, per kind (banked, pot,
   the trainer, other) and the Voilà server's own RSS.

The report is printed with the targets and PASS/MISS per line, and written as JSON to
``benchmarks/results/bench_live.json``. Browser, server and kernel share this machine's cores,
so the times are an upper bound for a reader on their own computer. Nothing is fetched from
another host (the browser aborts any such request). Build the live book first
(``.venv/bin/python deploy/live_build.py``, or ``bash deploy/serve`` which builds what is missing).
"""

from __future__ import annotations

import argparse
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
from pathlib import Path
from typing import Any

import psutil
from voila_server import CHROMIUM, CHROMIUM_ARGS, MB, VoilaServer

ROOT = Path(__file__).resolve().parents[1]
LIVE = ROOT / "_build" / "live"
CHAPTERS = LIVE / "chapters"
RESULTS = ROOT / "benchmarks" / "results" / "bench_live.json"
OUTSIDE = re.compile(r"^(?!(https?://127\.0\.0\.1[:/]|data:|blob:)).*")
TARGET_USABLE = 3.0  # s
TARGET_MEDIAN = 100.0  # ms
TARGET_P95 = 250.0  # ms
PAGE_TIMEOUT = 120.0  # s for a chapter's first widget
CLICK_TIMEOUT = 10_000  # ms for a click's DOM change
#: Buttons that change their widget's DOM when pressed with nothing else changed.
CHANGING = ("Deal", "Restart", "Next hand", "New question", "Deal the pick", "Next step", "Show all", "Next street")


# --- the server --------------------------------------------------------------------------------

def live_server() -> VoilaServer:
    """``deploy/serve`` serving _build/live (built already: ``HANDBOOK_LIVE`` builds nothing), on a
    free port of 127.0.0.1."""
    env = dict(os.environ, HANDBOOK_LIVE=str(ROOT / "_build" / "live"))
    return VoilaServer(lambda port: ["bash", str(ROOT / "deploy" / "serve"), f"--port={port}"], env)


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
  const roots = (%s)();
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
}""" % ROOTS_JS

#: Resolves when widget `index` has had no DOM mutation for `quiet` ms (at most `limit` ms).
QUIET_JS = """async ([index, quiet, limit]) => {
  const root = (%s)()[index];
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
}""" % ROOTS_JS

#: The first widget with a button that changes something: [widget index, label, needs a number bumped].
PICK_JS = """() => {
  const roots = (%s)();
  const changing = %s;
  for (let i = 0; i < roots.length; i++)
    for (const b of roots[i].querySelectorAll('button'))
      if (!b.disabled && changing.includes(b.innerText.trim())) return [i, b.innerText.trim(), false];
  const b = [...roots[0].querySelectorAll('button')].find(b => !b.disabled);
  return b ? [0, b.innerText.trim(), true] : null;
}""" % (ROOTS_JS, json.dumps(list(CHANGING)))


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


def new_page(browser: Any) -> tuple[Any, Any]:
    ctx = browser.new_context()
    page = ctx.new_page()
    page.set_default_timeout(PAGE_TIMEOUT * 1000)
    page.route(OUTSIDE, lambda route: route.abort())
    return ctx, page


def close(ctx: Any, page: Any, server: VoilaServer, before: int) -> None:
    """Close the tab as a reader does (beforeunload frees its kernel) and wait for the kernel to go."""
    page.close(run_before_unload=True)
    end = time.monotonic() + 30
    while len(server.kernels()) > before and time.monotonic() < end:
        time.sleep(0.1)
    ctx.close()


def chapter_url(server: VoilaServer, chapter: str) -> str:
    return f"{server.url}voila/render/chapters/{chapter}.ipynb"


# --- 1 and 3: first usable widget, memory per reader -------------------------------------------

def kind(chapter: str) -> str:
    if chapter == "trainer":
        return "trainer"
    if chapter.startswith("banked/"):
        return "banked"
    if chapter.startswith(("mixed/", "big-o/")):
        return "pot"
    return "other"


def open_chapter(browser: Any, server: VoilaServer, chapter: str) -> dict:
    before = {k.pid for k in server.kernels()}
    ctx, page = new_page(browser)
    try:
        page.goto(chapter_url(server, chapter), wait_until="commit")
        page.wait_for_function(VISIBLE_JS, polling="raf", timeout=PAGE_TIMEOUT * 1000)
        visible = page.evaluate("() => window.__visibleAt") / 1000
        pick = page.evaluate(PICK_JS)
        if pick is None:
            raise RuntimeError(f"{chapter}: no enabled widget button")
        widget, label, bump = pick
        res = page.evaluate(CLICK_JS, [widget, label, CLICK_TIMEOUT, bump])
        if res.get("error"):
            raise RuntimeError(f"{chapter}: {res['error']}")
        usable = None if res["at"] is None else res["at"] / 1000
        time.sleep(1.0)  # the kernel settles after its first answers
        new = [k for k in server.kernels() if k.pid not in before]
        rss = uss = None
        if len(new) == 1:
            info = new[0].memory_full_info()
            rss, uss = info.rss / MB, getattr(info, "uss", None)
            uss = None if uss is None else uss / MB
        return {"visible": visible, "usable": usable, "button": label, "bumped": bump, "first_change": res.get("what"),
                "rss": rss, "uss": uss,
                "kernels_new": len(new), "server_rss": server.rss()}
    finally:
        close(ctx, page, server, len(before))


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
]


def time_clicks(browser: Any, server: VoilaServer, case: Case, n: int) -> dict:
    before_kernels = len(server.kernels())
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
        close(ctx, page, server, before_kernels)


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="1 opening per chapter, 10 clicks per button")
    ap.add_argument("--chapters", default="",
                    help="comma-separated chapters to time the opening of (e.g. banked/crazy4,trainer); default all")
    ap.add_argument("--no-clicks", action="store_true", help="skip the click latencies")
    ap.add_argument("--output", default=str(RESULTS), help=f"the JSON report (default {RESULTS.relative_to(ROOT)})")
    args = ap.parse_args()

    if not CHAPTERS.is_dir() or not (LIVE / "site" / "index.html").is_file():
        raise SystemExit(f"{LIVE.relative_to(ROOT)} is missing or incomplete: build it with "
                         "`.venv/bin/python deploy/live_build.py` (after `bash .ci/book`), or run `bash deploy/serve` once")
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing (Debian's chromium; see .ci/setup)")
    every = sorted(str(p.relative_to(CHAPTERS).with_suffix("")) for p in CHAPTERS.rglob("*.ipynb"))
    wanted = [c.strip().removesuffix(".ipynb") for c in args.chapters.split(",") if c.strip()]
    unknown = [c for c in wanted if c not in every]
    if unknown:
        raise SystemExit(f"no live chapter {', '.join(unknown)}; the chapters: {', '.join(every)}")
    chapters = wanted or every
    opens = 1 if args.quick else 3
    clicks = 10 if args.quick else 30

    from playwright.sync_api import sync_playwright

    vm = psutil.virtual_memory()
    started = datetime.datetime.now(datetime.timezone.utc)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    machine = {"cores": os.cpu_count(), "memory_gb": round(vm.total / 1024**3, 1), "python": platform.python_version(),
               "load_at_start": [round(x, 2) for x in os.getloadavg()]}
    print(f"machine: {machine['cores']} cores, {machine['memory_gb']} GB memory, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())} at start; commit {commit}")
    server = live_server()
    print("server: HANDBOOK_LIVE=_build/live " + " ".join(server.argv))
    openings: dict[str, list[dict]] = {}
    latencies: dict[str, dict] = {}
    server_rss_idle = server.rss()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                print(f"\n1. opening {len(chapters)} chapters, {opens} time(s) each ...", flush=True)
                for ch in chapters:
                    openings[ch] = [open_chapter(browser, server, ch) for _ in range(opens)]
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
    except BaseException:
        print(server.log_tail(), file=sys.stderr)
        raise
    finally:
        server.stop()

    # --- the report
    lines: list[str] = []
    say = lines.append
    say(f"\nLive book benchmark, {started:%Y-%m-%d %H:%M} UTC, commit {commit}, {machine['cores']} cores "
        f"(browser, server and kernels on the same machine); {'--quick' if args.quick else 'full run'}")
    say(f"\n1. Time to the first usable widget (from navigation start; median of {opens} opening(s), "
        f"a fresh browser context each; target: usable within {TARGET_USABLE:.0f} s)")
    say(f"   {'chapter':34} {'visible':>8} {'usable':>8} {'worst':>8}  {'button clicked':22} verdict")
    per_chapter = {}
    for ch, runs in openings.items():
        vis = [o["visible"] for o in runs]
        use = [o["usable"] for o in runs if o["usable"] is not None]
        med = statistics.median(use) if use else None
        per_chapter[ch] = {"visible_s": statistics.median(vis), "usable_s": med, "usable_max_s": max(use) if use else None,
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
            row = {"chapter": res["chapter"], "label": res["label"], "input_change": res["note"], "clicks": len(res["rest"]),
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

    say("\n3. Memory per live reader (the chapter's kernel once its widgets answer; median over openings)")
    mem: dict[str, Any] = {"chapters": {}, "kinds": {}}
    for ch, runs in openings.items():
        rss = [o["rss"] for o in runs if o["rss"] is not None]
        uss = [o["uss"] for o in runs if o["uss"] is not None]
        if rss:
            mem["chapters"][ch] = {"kind": kind(ch), "rss_mb": statistics.median(rss),
                                   "uss_mb": statistics.median(uss) if uss else None}
    for k in ("banked", "pot", "trainer", "other"):
        rows = [v for v in mem["chapters"].values() if v["kind"] == k]
        if rows:
            mem["kinds"][k] = {"chapters": len(rows), "rss_mb": statistics.median(r["rss_mb"] for r in rows),
                               "rss_max_mb": max(r["rss_mb"] for r in rows),
                               "uss_mb": statistics.median(r["uss_mb"] for r in rows if r["uss_mb"] is not None)
                               if any(r["uss_mb"] is not None for r in rows) else None}
            m = mem["kinds"][k]
            say(f"   {k:8} ({m['chapters']:2} chapters): RSS {m['rss_mb']:.0f} MB (max {m['rss_max_mb']:.0f} MB), "
                f"USS {m['uss_mb']:.0f} MB" if m["uss_mb"] is not None else
                f"   {k:8} ({m['chapters']:2} chapters): RSS {m['rss_mb']:.0f} MB (max {m['rss_max_mb']:.0f} MB)")
    for ch in ("banked/crazy4", "mixed/badugi", "trainer"):
        if ch in mem["chapters"]:
            v = mem["chapters"][ch]
            say(f"   {ch:22} RSS {v['rss_mb']:.0f} MB" + (f", USS {v['uss_mb']:.0f} MB" if v["uss_mb"] else ""))
    server_peak = max([o["server_rss"] for runs in openings.values() for o in runs] + [server_rss_end, server_rss_idle])
    mem["server"] = {"rss_idle_mb": server_rss_idle, "rss_peak_seen_mb": server_peak, "rss_end_mb": server_rss_end}
    say(f"   Voilà server: RSS {server_rss_idle:.0f} MB idle, {server_peak:.0f} MB at most seen, "
        f"{server_rss_end:.0f} MB at the end")
    say(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at end")
    print("\n".join(lines))

    report = {"benchmark": "benchmarks/bench_live.py", "issue": 12, "date": started.isoformat(timespec="seconds"),
              "commit": commit, "command": " ".join(["benchmarks/bench_live.py", *sys.argv[1:]]), "machine": machine,
              "server_command": "HANDBOOK_LIVE=_build/live " + " ".join(server.argv),
              "targets": {"usable_s": TARGET_USABLE, "click_median_ms": TARGET_MEDIAN, "click_p95_ms": TARGET_P95},
              "openings_per_chapter": opens, "first_usable_widget": {"chapters": per_chapter, "summary": summary_open},
              "click_latency": summary_clicks, "memory": mem, "report": "\n".join(lines).strip()}
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(rounded(report), indent=1) + "\n", encoding="utf-8")
    print(f"written: {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")


if __name__ == "__main__":
    main()
