"""Capacity of the trainer app: N trainees at once in headless Chromium against one Voilà server.

Run: ``.venv/bin/python benchmarks/load_trainer.py [--trainees 10,30] [--rounds 2] [--timeout 900]``.

For each N a fresh server is started with the README's trainer command (read from the README,
so the trainer's Voilà configuration is the one measured) on a free port of 127.0.0.1. Debian's
Chromium, driven by Playwright, opens N separate browser contexts (N trainees, each with their
own cookies) at the same moment, and:

1. times each trainee from ``goto`` until the first question is on screen, signing in on the way
   to a staff account of his own (``trainee-1`` ... ``trainee-N``, created in the records before
   the server starts, as a supervisor does; the first sign-in sets the account's password, an
   argon2 hash) (a class starting together: N kernels start and run ``trainer/trainer.ipynb`` at
   once; the records go to a fresh SQLite data directory, so every **Check** below also writes
   its answer);
2. counts the server's kernels and measures them (psutil: resident set size, and unique set size:
   the memory a kernel frees when it exits), the server process itself, and the CPU seconds the
   kernels, the server and the browser used until then;
3. for ``--rounds`` rounds, has all N trainees press **Check** at the same moment (a barrier) and
   times each until the verdict is on screen, then **New question** (timed until it is shown);
   afterwards the answers in the records are counted: one for every verdict shown;
4. closes every tab (with ``beforeunload``, as a person closing tabs) and times until all the
   kernels are gone.

Everything stays on this machine: the server listens on 127.0.0.1 and the browser aborts any
request to another host. The browser runs on the same machine as the server, so on a small
machine its own CPU use is part of the times measured: they are an upper bound for trainees on
their own computers. At most 60 trainees per run (beyond the configured ``max_kernels`` they get
the "full" page; raise it with ``--voila-arg=--TrainerKernelManager.max_kernels=N``), at most
5 minutes for a trainee's first question, and ``--timeout`` seconds in all.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shlex
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil
from voila_server import CHROMIUM, CHROMIUM_ARGS, MB, VoilaServer

ROOT = Path(__file__).resolve().parents[1]
GAME, DRILL, SEED = "big-o", "read-hand", 1  # the app's practice: TrainerApp(game="big-o", drill="read-hand", seed=1)
MAX_TRAINEES = 60
PAGE_TIMEOUT = 300.0  # seconds a trainee waits for the first question before counting as failed
OUTSIDE = re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*")


def readme_command(port: int) -> list[str]:
    """The README's trainer command (its "Staff trainer app" section: ``trainer/trainer.ipynb``)
    with the port replaced."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Staff trainer app", 1)[1].split("\n## ", 1)[0]
    line = next(ln for block in re.findall(r"```bash\n(.*?)```", section, re.S) for ln in block.splitlines()
                if "voila" in ln and "trainer/trainer.ipynb" in ln)
    argv = [f"--port={port}" if a.startswith("--port=") else a for a in shlex.split(line, comments=True)]
    if "--Voila.ip=127.0.0.1" not in argv:
        raise SystemExit("the README's command does not bind 127.0.0.1; this script serves on loopback only")
    exe = ROOT / argv[0]
    argv[0] = str(exe if exe.exists() else Path(sys.executable).parent / "voila")
    return argv


# The records of every server this run starts, deleted when the run ends.
_DATA = tempfile.TemporaryDirectory(prefix="load-trainer-")
_SERVER_DATA: dict[int, Path] = {}


def account(i: int) -> str:
    """The staff account of trainee ``i`` (and its password is ``account(i) + "-pass"``)."""
    return f"trainee-{i}"


def trainer_server(extra: list[str], log_path: str | None = None, accounts: int = 0) -> VoilaServer:
    """The README's trainer command on a free port; the trainees' records go to a fresh data
    directory (SQLite), as on a new installation, holding ``accounts`` staff accounts
    (:func:`account`) a supervisor created, none signed in yet."""
    from gamelib.trainer.records import Store, SupervisorRecords, load_config

    env = {k: v for k, v in os.environ.items() if not k.startswith(("GAMELIB_TRAINER", "JUPYTERHUB_USER"))}
    env["GAMELIB_DATA"] = tempfile.mkdtemp(prefix="data-", dir=_DATA.name)
    store = Store(config=load_config(env))
    boss = SupervisorRecords(store.db, "load test")
    for i in range(accounts):
        boss.create_account(account(i + 1), f"Trainee {i + 1}", f"E-{i + 1}")
    store.close()
    server = VoilaServer(lambda port: readme_command(port) + extra, env=env, log_path=log_path)
    _SERVER_DATA[id(server)] = Path(env["GAMELIB_DATA"])
    return server


def answers_on_record(server: VoilaServer) -> int:
    """The answers stored in the records of ``server``'s data directory."""
    import sqlite3

    con = sqlite3.connect(_SERVER_DATA[id(server)] / "trainer.sqlite3")
    try:
        return int(con.execute("SELECT count(*) FROM answers").fetchone()[0])
    finally:
        con.close()


def summary(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    p90 = xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]
    return f"median {statistics.median(xs):.2f} s, p90 {p90:.2f} s, max {xs[-1]:.2f} s"


def med_max(xs: list[float], fmt: str) -> str:
    return f"{statistics.median(xs):{fmt}} s / {max(xs):{fmt}} s" if xs else "-"


def mean_mb(xs: list[float]) -> str:
    return f"{statistics.mean(xs):.0f} MB" if xs else "-"


async def run_trainees(n: int, rounds: int, server: VoilaServer, deadline: float) -> dict:
    from playwright.async_api import TimeoutError as PlaywrightTimeout
    from playwright.async_api import async_playwright

    from gamelib.trainer import make_drill

    questions = [make_drill(DRILL, GAME).next(SEED + r) for r in range(rounds + 1)]
    timeout_ms = max(10_000, int(1000 * (deadline - time.monotonic())))
    first: list[float] = []
    checks: list[list[float]] = [[] for _ in range(rounds)]
    news: list[list[float]] = [[] for _ in range(rounds)]
    full = 0
    failed: list[str] = []
    console: dict = {}  # page -> its browser console's errors and warnings
    page_timeout = min(PAGE_TIMEOUT, max(10.0, deadline - time.monotonic() - 60))
    barrier = asyncio.Barrier(n)

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            pages = []
            for _ in range(n):
                ctx = await browser.new_context()
                page = await ctx.new_page()
                page.set_default_timeout(timeout_ms)
                await page.route(OUTSIDE, lambda route: route.abort())
                console[page] = []
                page.on("console", lambda msg, page=page: console[page].append(f"{msg.type}: {msg.text}"[:300])
                        if msg.type in ("error", "warning") else None)
                pages.append(page)

            async def open_one(page, i: int) -> bool:  # type: ignore[no-untyped-def]
                nonlocal full
                await barrier.wait()
                t = time.monotonic()
                response = await page.goto(server.url, wait_until="commit")
                if response is not None and response.status == 503:
                    full += 1
                    return False
                try:
                    # each trainee signs in to his account, setting its password (the records keep
                    # every answer from then on)
                    await page.locator(".gl-signin-account input").fill(account(i), timeout=1000 * page_timeout)
                    await page.locator(".gl-signin-password input").fill(account(i) + "-pass")
                    await page.locator(".gl-signin-button").click()
                    await page.locator(f'.gl-trainer-question [data-seed="{SEED}"]').wait_for(
                        timeout=1000 * page_timeout)
                except PlaywrightTimeout:
                    text = " ".join((await page.locator("body").inner_text()).split())
                    failed.append(f"no question after {page_timeout:.0f} s; the page shows: {text[:200]!r}; "
                                  f"the end of its console: {console[page][-5:]}")
                    return False
                first.append(time.monotonic() - t)
                return True

            served = await asyncio.gather(*(open_one(pg, i + 1) for i, pg in enumerate(pages)))
            active = [pg for pg, ok in zip(pages, served, strict=True) if ok]
            await asyncio.sleep(2)  # let the kernels settle before measuring them
            mem = measure(server)
            round_barrier = asyncio.Barrier(len(active)) if active else None

            async def answer(page, r: int) -> None:  # type: ignore[no-untyped-def]
                q = questions[r]
                seed = SEED + r
                await page.locator(f".gl-trainer-input-seed-{seed}").get_by_role(
                    "radio", name=q.correct_answer["value"], exact=True).check()
                await round_barrier.wait()  # everyone presses Check at the same moment
                t = time.monotonic()
                await page.locator(".gl-trainer-check").click()
                await page.locator('.gl-trainer-feedback [data-correct="yes"]').wait_for()
                checks[r].append(time.monotonic() - t)
                await round_barrier.wait()
                t = time.monotonic()
                await page.locator(".gl-trainer-new").click()
                await page.locator(f'.gl-trainer-question [data-seed="{seed + 1}"]').wait_for()
                await page.wait_for_function(
                    "document.querySelector('.gl-trainer-feedback').innerText.trim() === ''")
                news[r].append(time.monotonic() - t)

            for r in range(rounds):
                await asyncio.gather(*(answer(pg, r) for pg in active))

            t = time.monotonic()
            for pg in pages:
                await pg.close(run_before_unload=True)
            while server.kernels() and time.monotonic() < min(deadline, t + 120):
                await asyncio.sleep(0.2)
            left = len(server.kernels())
            freed = time.monotonic() - t
        finally:
            await browser.close()
    return {"first": first, "checks": checks, "news": news, "full": full, "failed": failed, "mem": mem,
            "left": left, "freed": freed}


def plain_gets(n: int, server: VoilaServer, timeout: float) -> dict:
    """N plain GETs of the trainer at the same moment, no browser: the server's share of the time to
    the first question (kernel start and the notebook's run; the page is complete when it ends)."""
    gate = threading.Barrier(n)

    def get() -> tuple[int, float]:
        gate.wait()
        t = time.monotonic()
        try:
            with urllib.request.urlopen(server.url, timeout=timeout) as r:
                body = r.read().decode()
                # -1: a page without the trainer widget (its output lost on the way)
                status = r.status if "application/vnd.jupyter.widget-view+json" in body else -1
        except urllib.error.HTTPError as e:
            status = e.code
        return status, time.monotonic() - t

    with ThreadPoolExecutor(n) as pool:
        results = list(pool.map(lambda _: get(), range(n)))
    mem = measure(server)
    return {"times": [t for status, t in results if status == 200],
            "statuses": sorted(status for status, _ in results), "mem": mem}


def cpu_seconds(proc: psutil.Process) -> float:
    t = proc.cpu_times()
    return t.user + t.system


def browser_cpu() -> float:
    """CPU seconds used so far by this script's Chromium processes (children of Playwright's driver)."""
    total = 0.0
    for c in psutil.Process().children(recursive=True):
        try:
            if "chrom" in c.name():
                total += cpu_seconds(c)
        except psutil.Error:
            pass
    return total


def measure(server: VoilaServer) -> dict:
    rss, uss, cpu = [], [], []
    for k in server.kernels():
        try:
            info = k.memory_full_info()
            cpu.append(cpu_seconds(k))
        except psutil.Error:
            continue
        rss.append(info.rss / MB)
        uss.append(info.uss / MB)
    srv = psutil.Process(server.proc.pid)
    return {"kernels": len(rss), "rss": rss, "uss": uss, "kernel_cpu": cpu,
            "server_rss": srv.memory_info().rss / MB, "server_cpu": cpu_seconds(srv), "browser_cpu": browser_cpu()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trainees", default="10,30", help="comma-separated trainee counts, one run each")
    ap.add_argument("--rounds", type=int, default=2, help="checks per trainee (each followed by New question)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds for the whole script")
    ap.add_argument("--voila-arg", action="append", default=[],
                    help="extra argument for the server, e.g. --voila-arg=--TrainerKernelManager.max_kernels=60")
    ap.add_argument("--server-log", help="append each server's whole log to this file")
    args = ap.parse_args()
    counts = [int(x) for x in args.trainees.split(",") if x.strip()]
    if not counts or any(not 1 <= c <= MAX_TRAINEES for c in counts) or not 1 <= args.rounds <= 10:
        raise SystemExit(f"--trainees: 1..{MAX_TRAINEES} each; --rounds: 1..10")
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing (Debian's chromium; see .ci/setup)")
    deadline = time.monotonic() + args.timeout

    vm = psutil.virtual_memory()
    print(f"machine: {os.cpu_count()} cores, {vm.total / 1024**3:.1f} GB memory, "
          f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at start")
    results = []
    for n in counts:
        if time.monotonic() > deadline:
            print(f"{n} trainees: skipped (--timeout reached)")
            continue
        server = trainer_server(args.voila_arg, args.server_log)
        try:
            print(f"\n{n} trainees: {' '.join(shlex.quote(a) for a in server.argv)}")
            gets = plain_gets(n, server, max(10.0, min(PAGE_TIMEOUT, deadline - time.monotonic())))
        finally:
            server.stop()
        served = len(gets["times"])
        print(f"  {n} plain GETs at once (no browser): {served} complete trainer pages"
              + ("" if served == n else f" (statuses: {gets['statuses']})")
              + f"; CPU {statistics.mean(gets['mem']['kernel_cpu'] or [0]):.1f} s per kernel, "
              f"server {gets['mem']['server_cpu']:.1f} s; time to the whole page: {summary(gets['times'])}")
        if time.monotonic() > deadline:
            break
        server = trainer_server(args.voila_arg, args.server_log, accounts=n)
        try:
            res = asyncio.run(asyncio.wait_for(run_trainees(n, args.rounds, server, deadline),
                                               max(1.0, deadline - time.monotonic())))
        except BaseException:
            print(server.log_tail(), file=sys.stderr)
            raise
        finally:
            server_log = server.log_tail()
            server.stop()
        res["stored"] = answers_on_record(server)
        mem = res["mem"]
        served = len(res["first"])
        all_checks = [x for r in res["checks"] for x in r]
        all_news = [x for r in res["news"] for x in r]
        print(f"  served {served} of {n} (the 'full' page: {res['full']}, failed: {len(res['failed'])}); "
              f"kernels running: {mem['kernels']} ({mem['kernels'] / max(served, 1):.2f} per trainee)")
        for msg in res["failed"]:
            print(f"  FAILED: {msg}")
        if res["failed"]:
            print(server_log)
        if mem["rss"]:
            print(f"  memory per kernel: RSS {statistics.mean(mem['rss']):.0f} MB, "
                  f"unique {statistics.mean(mem['uss']):.0f} MB (total unique {sum(mem['uss']) / 1024:.2f} GB); "
                  f"server RSS {mem['server_rss']:.0f} MB")
        if mem["kernel_cpu"]:
            print(f"  CPU until every first question was shown: {statistics.mean(mem['kernel_cpu']):.1f} s per kernel, "
                  f"server {mem['server_cpu']:.1f} s, browser {mem['browser_cpu']:.1f} s "
                  f"(on {os.cpu_count()} cores, shared with whatever else runs)")
        print(f"  time to first question: {summary(res['first'])}")
        print(f"  time to check an answer ({len(all_checks)} checks, all at once per round): "
              f"{summary(all_checks)}; answers on record: {res['stored']}"
              + ("" if res["stored"] == len(all_checks) else " (NOT every check!)"))
        print(f"  time to deal a new question: {summary(all_news)}")
        print(f"  tabs closed: {res['left']} kernels left after {res['freed']:.1f} s")
        res["gets"] = gets["times"]
        results.append((n, res))

    if results:
        print("\n| trainees | kernels | RSS per kernel | unique per kernel | page, server only (median / max) "
              "| first question in Chromium (median / max) | check an answer (median / max) |")
        print("|---|---|---|---|---|---|---|")
        for n, res in results:
            mem = res["mem"]
            checks = [x for r in res["checks"] for x in r]
            print(f"| {n} | {mem['kernels']} | {mean_mb(mem['rss'])} | {mean_mb(mem['uss'])} "
                  f"| {med_max(res['gets'], '.1f')} | {med_max(res['first'], '.1f')} | {med_max(checks, '.2f')} |")
    print(f"\nload average {' '.join(f'{x:.1f}' for x in os.getloadavg())} at end")


if __name__ == "__main__":
    main()
