"""Serving the trainer to many trainees: kernels are freed, and capped.

The server is started with the exact command of the README's trainer section (read from the
README, so the two cannot drift apart) on a free port of 127.0.0.1; only the port changes, and
the main test appends short timeouts and a small cap as command-line overrides of the settings
in the trainer's Voilà configuration (``trainer/voila.py``). Kernels are counted as the server's
``ipykernel_launcher`` child processes (psutil) and looked up one by one with Jupyter Server's
``GET /api/kernels/ID``, which Voilà exposes (it has no list of all kernels).

What must hold for many users at once:
- a plain GET's kernel, which no tab ever connects to, is culled when idle;
- a kernel with an open tab is not culled, however long the trainee thinks;
- closing a tab frees its kernel at once (Voilà's shutdown beacon, which needs the ``_xsrf``
  cookie the trainer's prelaunch hook sets), and a tab that vanishes without a word (a crashed
  browser) is culled;
- at the cap, a page view gets the "trainer is full, try again shortly" page (HTTP 503), and once
  kernels are freed the trainer serves again.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from gamelib.trainer import make_drill

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import servers  # noqa: E402  (tests/servers.py)
from servers import CHROMIUM  # noqa: E402

from .browser_steps import answer, block_outside, create_accounts, sign_in  # noqa: E402

README = ROOT / "README.md"
GAME, DRILL, SEED = "big-o", "read-hand", 1  # the chapter's first widget (see test_trainer_browser.py)
# Short settings for the test, given the way an operator would give them.
CULL_IDLE, CULL_INTERVAL, CAP = 6, 1, 3
OVERRIDES = [f"--TrainerKernelManager.cull_idle_timeout={CULL_IDLE}",
             f"--TrainerKernelManager.cull_interval={CULL_INTERVAL}",
             f"--TrainerKernelManager.max_kernels={CAP}"]
FULL_TEXT = "The trainer is full, try again shortly"


def readme_command() -> list[str]:
    """The trainer command of the README's "Staff trainer app" section, as argv."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## Staff trainer app", 1)[1].split("\n## ", 1)[0]
    lines = [ln for block in re.findall(r"```bash\n(.*?)```", section, re.S) for ln in block.splitlines()
             if "voila" in ln and "trainer/trainer.ipynb" in ln]
    assert len(lines) == 1, f"expected one voila command in the README's trainer section, found {lines}"
    argv = shlex.split(lines[0], comments=True)
    assert argv[0].endswith("voila"), argv
    return argv


def command_on_port(port: int, extra: list[str] = ()) -> list[str]:  # type: ignore[assignment]
    argv = readme_command()
    ports = [i for i, a in enumerate(argv) if a.startswith("--port=")]
    assert len(ports) == 1, argv
    argv[ports[0]] = f"--port={port}"
    assert "--Voila.ip=127.0.0.1" in argv, "the documented command must bind 127.0.0.1"
    exe = ROOT / argv[0]
    argv[0] = str(exe if exe.exists() else Path(sys.executable).parent / "voila")
    return argv + list(extra)


def wait_until(what: str, cond: Callable[[], bool], timeout: float, step: float = 0.2) -> float:
    """Poll cond() until true; return the seconds it took, or fail naming what was awaited."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if cond():
            return time.monotonic() - t0
        time.sleep(step)
    raise AssertionError(f"{what}: not within {timeout} s")


def kernel(srv: servers.Served, kernel_id: str) -> dict | None:
    """Jupyter Server's model of one kernel, or None once it is gone (404)."""
    try:
        with urllib.request.urlopen(f"{srv.url}api/kernels/{kernel_id}", timeout=10) as r:
            return json.loads(r.read())
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return None
        raise


def get_page(srv: servers.Served) -> tuple[int, str, dict]:
    """A plain GET of the trainer (no browser: nothing ever connects to its kernel)."""
    try:
        with urllib.request.urlopen(srv.url, timeout=120) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), dict(e.headers)


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[servers.Served]:
    """The README's command on a free loopback port, with the short settings (and the trainees'
    records in the test's own data directory)."""
    port = servers.free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GAMELIB_TRAINER", "JUPYTERHUB_USER"))}
    env["GAMELIB_DATA"] = str(tmp_path)
    create_accounts(env, {f"trainee-{i}": f"Trainee {i}" for i in range(1, CAP + 1)})
    with servers.serving(command_on_port(port, OVERRIDES), port, ROOT, env, "voila") as served:
        yield served


def test_the_kernel_manager_enforces_the_cap() -> None:
    """At the cap, start_kernel refuses before starting anything (whatever the hook let through)."""
    import asyncio

    from gamelib.trainer.serving import TrainerFull, TrainerKernelManager

    km = TrainerKernelManager(max_kernels=2)
    km._starting = 2  # two kernels on their way up
    assert km.is_full() and km.capacity() == (2, 2)
    with pytest.raises(TrainerFull) as info:
        asyncio.run(km.start_kernel(kernel_name="python3"))
    assert info.value.status_code == 503 and info.value.reason == FULL_TEXT
    assert km.list_kernel_ids() == [] and km._starting == 2
    assert not TrainerKernelManager(max_kernels=0).is_full()  # 0: no cap


def kernel_id_of(page_html: str) -> str:
    m = re.search(r'"kernelId": "([0-9a-f-]{36})"', page_html)
    assert m, "no kernelId in the page"
    return m.group(1)


def test_readme_command_culls_and_caps_by_default() -> None:
    """The README's command, unchanged, selects the trainer's kernel manager (culling on, a cap), the
    prelaunch hook, and waits long enough for a busy kernel's output."""
    argv = command_on_port(8866)
    probe = (
        "import json, sys\n"
        "from voila.app import Voila\n"
        "app = Voila()\n"
        "app.initialize(sys.argv[1:])\n"
        "km = app.init_settings()['kernel_manager']\n"
        "import nbformat\n"
        "from voila.execute import VoilaExecutor\n"
        "ex = VoilaExecutor(nbformat.v4.new_notebook(), config=app.config)\n"
        "print(json.dumps({'class': [c.__name__ for c in type(km).__mro__],\n"
        "    'cull_idle_timeout': km.cull_idle_timeout, 'cull_interval': km.cull_interval,\n"
        "    'cull_connected': km.cull_connected, 'max_kernels': km.max_kernels,\n"
        "    'hook': app.voila_configuration.prelaunch_hook.__qualname__,\n"
        "    'iopub_timeout': ex.iopub_timeout, 'startup_timeout': ex.startup_timeout}))\n")
    out = subprocess.run([sys.executable, "-c", probe, *argv[1:]], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    conf = json.loads(out.stdout.strip().splitlines()[-1])
    assert "TrainerKernelManager" in conf["class"]
    assert 0 < conf["cull_idle_timeout"] <= 3600 and 0 < conf["cull_interval"] <= conf["cull_idle_timeout"]
    assert conf["cull_connected"] is False  # an open tab keeps its kernel
    assert 0 < conf["max_kernels"] <= 200
    assert conf["hook"] == "prelaunch_hook"
    # under load the widget's output may reach Voilà late: Voilà's 4 s default drops it (no trainer)
    assert conf["iopub_timeout"] >= 60 and conf["startup_timeout"] >= 60


@pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (CI installs Debian's chromium)")
def test_kernels_are_freed_and_capped(server: servers.Served) -> None:
    from playwright.sync_api import sync_playwright

    t0 = time.monotonic()
    first = make_drill(DRILL, GAME).next(SEED)
    right = first.correct_answer["value"]

    trainees = iter(range(1, CAP + 1))

    def open_trainer(browser):  # type: ignore[no-untyped-def]
        ctx = browser.new_context()  # a trainee of their own (own cookies)
        page = ctx.new_page()
        page.set_default_timeout(90_000)
        block_outside(page)
        page.goto(server.url, wait_until="commit")
        sign_in(page, f"trainee-{next(trainees)}")
        page.locator(f'.gl-trainer-question [data-seed="{SEED}"]').wait_for()
        kid = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        return page, kid

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=servers.CHROMIUM_ARGS)
        try:
            # 1. two trainees in Chromium, then three plain GETs at once: exactly one more kernel
            # starts (the cap), the other two get the "full" page
            page1, k1 = open_trainer(browser)
            page2, k2 = open_trainer(browser)
            with ThreadPoolExecutor(3) as pool:
                burst = list(pool.map(lambda _: get_page(server), range(3)))
            assert sorted(status for status, _, _ in burst) == [200, 503, 503], [b[:2] for b in burst]
            assert all(FULL_TEXT in body for status, body, _ in burst if status == 503)
            k_get = kernel_id_of(next(body for status, body, _ in burst if status == 200))
            assert len({k1, k2, k_get}) == 3
            assert len(server.kernels()) == 3
            assert kernel(server, k1)["connections"] >= 1 and kernel(server, k_get)["connections"] == 0

            # 2. at the cap: the "full" page, to a plain GET and to a browser, and no new kernel
            status, body, headers = get_page(server)
            assert status == 503 and FULL_TEXT in body and headers.get("Retry-After"), (status, body[:500])
            ctx3 = browser.new_context()
            page3 = ctx3.new_page()
            block_outside(page3)
            response = page3.goto(server.url)
            assert response is not None and response.status == 503
            assert FULL_TEXT in page3.locator("h1").inner_text()
            ctx3.close()
            assert len(server.kernels()) == 3

            # 3. the GET's kernel is culled when idle; the open tabs' kernels are not
            wait_until("the plain GET's kernel culled", lambda: kernel(server, k_get) is None, CULL_IDLE + 30)
            time.sleep(CULL_IDLE + 2 * CULL_INTERVAL)  # the open tabs are now idle longer than the timeout
            assert kernel(server, k1) is not None and kernel(server, k2) is not None
            answer(page1, SEED, right, correct=True)  # the idle trainee's kernel still answers
            assert "Score: 1 of 1 right" in page1.locator(".gl-trainer-score").inner_text()

            # 4. closing a tab frees its kernel at once (Voilà's beacon): page1 was active just now,
            # so the culler cannot be the one that frees it
            page1.close(run_before_unload=True)
            freed = wait_until("the closed tab's kernel shut down", lambda: kernel(server, k1) is None,
                               CULL_IDLE - 1, 0.05)
            assert f"({k1})" not in "".join(ln for ln in server.log_text().splitlines() if "Culling" in ln)
            assert "'_xsrf' argument missing" not in server.log_text()

            # 5. a tab that vanishes without a word (no beforeunload, like a crashed browser) is culled
            page2.close(run_before_unload=False)
            wait_until("the vanished tab's kernel culled", lambda: kernel(server, k2) is None, CULL_IDLE + 30)
            assert f"({k2})" in "".join(ln for ln in server.log_text().splitlines() if "Culling" in ln)

            # 6. every kernel process is gone, and the trainer serves again
            wait_until("no kernel process left", lambda: not server.kernels(), 20)
            status, body, _ = get_page(server)
            assert status == 200 and FULL_TEXT not in body
        finally:
            browser.close()
    print(f"closed tab freed in {freed:.2f} s; whole serving test {time.monotonic() - t0:.1f} s")


def test_a_header_reaches_a_kernel_only_from_a_trusted_proxy() -> None:
    """The kernel's environment (what identity_from_environment reads): a client's own
    X-Remote-User never reaches it; the trusted proxy's does, with the client's address it names;
    with auth = "proxy" a page view from anywhere else is answered 403 before a kernel starts."""
    from types import SimpleNamespace

    from tornado.web import Finish

    from gamelib.trainer.records import RecordsConfig, identity_from_environment
    from gamelib.trainer.serving import TrainerKernelManager, kernel_env, prelaunch_hook, request_facts

    cfg = RecordsConfig(Path("/x"), user_header="X-Remote-User", auth="proxy", trusted_proxies=("10.0.0.2",))
    voila_env = {"HTTP_X_REMOTE_USER": "floor-jane", "PATH": "/usr/bin", "GAMELIB_VIA_PROXY": "1"}
    from_client = kernel_env(voila_env, request_facts("192.168.1.50", "10.0.0.2", cfg.trusted_proxies))
    assert "HTTP_X_REMOTE_USER" not in from_client and "GAMELIB_VIA_PROXY" not in from_client
    assert (from_client["GAMELIB_CLIENT_ADDRESS"] == "192.168.1.50"
            and identity_from_environment(cfg, from_client) is None)
    via_proxy = kernel_env(voila_env, request_facts("10.0.0.2", "192.168.1.50", cfg.trusted_proxies))
    assert via_proxy["GAMELIB_CLIENT_ADDRESS"] == "192.168.1.50"
    who = identity_from_environment(cfg, via_proxy)
    assert who is not None and who.login == "user:floor-jane" and who.vouched
    assert "HTTP_X_REMOTE_USER" not in kernel_env(voila_env, None)  # no hook ran: no header either

    km = TrainerKernelManager(auth="proxy", trusted_proxies=["10.0.0.2"])
    statuses: list[int] = []

    def request(remote_ip: str) -> SimpleNamespace:
        return SimpleNamespace(xsrf_token=b"x", settings={"kernel_manager": km}, log=SimpleNamespace(warning=print),
                               request=SimpleNamespace(remote_ip=remote_ip, headers={"X-Forwarded-For": "1.2.3.4"},
                                                       uri="/"),
                               set_status=lambda code, reason=None: statuses.append(code), set_header=lambda *a: None)

    with pytest.raises(Finish) as refused:
        prelaunch_hook(request("192.168.1.50"))  # type: ignore[arg-type]
    assert statuses == [403] and "The trainer is for staff" in str(refused.value)
    assert prelaunch_hook(request("10.0.0.2")) is None and statuses == [403]  # type: ignore[arg-type]
