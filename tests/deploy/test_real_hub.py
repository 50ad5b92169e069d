"""A real JupyterHub with the project's hub configuration: ``jupyterhub`` (the pinned
package, deploy/requirements-hub.txt) and configurable-http-proxy (npm), both installed by
``.ci/setup``, started by this test on free ports of 127.0.0.1.

The hub is a casino's: a simple login (JupyterHub's dummy authenticator, one password), servers
started as local processes (``SimpleLocalProcessSpawner``), and its own idle culler under the
usual name ``idle-culler``; ``deploy/jupyterhub_config.py`` is merged into it as the README says
(``load_subconfig``), with this checkout in place of ``/srv/handbook`` and the culler's hour cut
to seconds. Then 5 users sign in at once; each gets a server of his own, which shows the static
book, runs a live chapter and the staff trainer, and is stopped by the project's culler once
nobody uses it.

The trainer runs as on a casino's hub (``trainer.toml``: ``auth = "hub"``), its records in the one
database the hub hands every server (``HANDBOOK_TRAINER_DB``, which ``deploy/jupyterhub_config.py``
passes on as ``GAMELIB_TRAINER_DB``). Each user, with nothing but his browser's cookies, does
what the trainer page's scripts do through the hub's proxy: run its notebook (Voilà's progressive
rendering: the page itself only starts the kernel; its first script has the cells run), then, on
the kernel's websocket, fetch the widgets' states, choose an answer and click Check. The trainer
names him (the hub signed him in, no password typed) and shows a verdict. Then the records, read
with the supervisors' view, hold each user's one answer under his own name and nothing else;
and one user's cookies do not open another's kernel.

Skipped when JupyterHub or configurable-http-proxy is missing or the book is not built.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import os
import re
import shutil
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from gamelib.trainer.records import AnswerRecord, Identity, Store, load_config

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "tests"))
import servers  # noqa: E402  (tests/servers.py)

sys.path.insert(0, str(ROOT / "deploy"))
import live_build  # noqa: E402  (deploy/live_build.py)

JUPYTERHUB = Path(sys.executable).with_name("jupyterhub")
USERS = [f"dealer{i}" for i in range(1, 6)]
PASSWORD = "the-password"
#: Seconds without activity before the project's culler stops a server (an hour in production): long
#: enough that the first user's server outlives a slow machine's last spawn (the "a server each" check).
CULL_AFTER = 30
#: The one supervisor trainer.toml names (a hub user who signs in nowhere here): the test reads the
#: records through the supervisors' view as he would.
SUPERVISOR = "floor"
#: The longest wait for one of the kernel's answers (a loaded CI machine with 5 servers starting).
KERNEL_WAIT = 120.0
#: The widget manager's control protocol (ipywidgets 8) that a page's comm_open names.
CONTROL_PROTOCOL = "1.0.0"
#: The trainer's settings on this hub: staff signed in by the hub, one supervisor.
TRAINER_TOML = f'auth = "hub"\nsupervisors = ["{SUPERVISOR}"]\n'

pytestmark = [
    pytest.mark.skipif(not JUPYTERHUB.exists(), reason="jupyterhub is not installed (.ci/setup installs it)"),
    pytest.mark.skipif(shutil.which("configurable-http-proxy") is None,
                       reason="configurable-http-proxy is not installed (.ci/setup installs it)"),
    pytest.mark.skipif(not (HTML / "index.html").is_file(), reason="the book is not built (bash .ci/book builds it)"),
]

HUB_CONFIG = '''
import os
c = get_config()
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.JupyterHub.db_url = "sqlite:///{state}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{state}/cookie_secret"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = "{password}"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{state}/home/{{username}}"
c.JupyterHub.last_activity_interval = 2
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
# The casino's own culler, under the usual name: the project's must not clash with it.
c.JupyterHub.services = [{{"name": "idle-culler"}}, {{"name": "test", "api_token": "{token}"}}]
c.JupyterHub.load_roles = [
    {{"name": "idle-culler", "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
      "services": ["idle-culler"]}},
    {{"name": "test", "scopes": ["list:users", "read:users", "read:servers", "list:services", "read:services"],
      "services": ["test"]}},
]

load_subconfig("{project_config}")

# This checkout in place of /srv/handbook, its live book, and a culler in seconds, not an hour.
c.Spawner.cmd = ["{root}/.venv/bin/jupyterhub-singleuser"]
c.Spawner.args = {args}
c.Spawner.environment.update({{
    "JUPYTER_CONFIG_PATH": "{root}/deploy/hub", "HANDBOOK_LIVE_DIR": "{live}",
    "GAMELIB_TRAINER_CONFIG": "{state}/trainer.toml", "GAMELIB_DATA": "{state}/data",
    "JUPYTERHUB_ACTIVITY_INTERVAL": "2", "PYTHONHASHSEED": "0"}})
for service in c.JupyterHub.services:
    if service["name"] == "handbook-idle-culler":
        service["command"] = [a for a in service["command"] if not a.startswith(("--timeout", "--cull-every"))] + [
            "--timeout={cull_after}", "--cull-every=2"]
'''


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    state = tmp_path_factory.mktemp("hub")
    live = state / "live"
    live_build.build(HTML, live)
    (state / "trainer.toml").write_text(TRAINER_TOML, encoding="utf-8")
    (state / "data").mkdir()
    port, hub_port, api_port = servers.free_port(), servers.free_port(), servers.free_port()
    token = uuid.uuid4().hex
    config = state / "jupyterhub_config.py"
    config.write_text(HUB_CONFIG.format(
        port=port, hub_port=hub_port, proxy_api_port=api_port, state=state, password=PASSWORD, token=token,
        project_config=ROOT / "deploy" / "jupyterhub_config.py", root=ROOT, live=live, cull_after=CULL_AFTER,
        args=repr(["--allow-root"] if os.getuid() == 0 else [])), encoding="utf-8")
    records_url = f"sqlite:///{state}/records.sqlite3"
    env = dict(os.environ, HANDBOOK_TRAINER_DB=records_url, CONFIGPROXY_AUTH_TOKEN=token)
    for var in ("GAMELIB_TRAINER_DB", "GAMELIB_TRAINER_CONFIG", "GAMELIB_DATA", "JUPYTERHUB_USER"):
        env.pop(var, None)  # the hub's configuration alone says where the servers' records go
    argv = [str(JUPYTERHUB), "-f", str(config)]
    # What each user's server reads the trainer's settings from (c.Spawner.environment above).
    trainer_env = {"GAMELIB_TRAINER_CONFIG": str(state / "trainer.toml"), "GAMELIB_DATA": str(state / "data"),
                   "GAMELIB_TRAINER_DB": records_url}
    with servers.serving(argv, port, state, env, "jupyterhub", timeout=120) as served:
        yield {"url": f"http://127.0.0.1:{port}/", "token": token, "served": served, "state": state,
               "trainer_env": trainer_env}


class Browser:
    """One user's cookies, following the hub's redirects (its login, its OAuth to his server)."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, url: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(urllib.request.Request(url, data=data), timeout=180) as r:
                return r.status, r.read().decode(errors="replace"), r.geturl()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(errors="replace"), e.geturl()

    def xsrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "_xsrf")


def _api(hub: dict[str, Any], path: str) -> Any:
    req = urllib.request.Request(hub["url"] + "hub/api/" + path, headers={"Authorization": f"token {hub['token']}"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def _cookie_header(b: Browser, url: str, every: bool = False) -> str:
    """The ``Cookie`` header ``b`` sends to the http(s) ``url`` (``every``: all its cookies, whatever
    their path: what a page of his could at most send)."""
    if every:
        return "; ".join(f"{c.name}={c.value}" for c in b.jar)
    req = urllib.request.Request(url)
    b.jar.add_cookie_header(req)
    return str(req.get_header("Cookie") or "")


def _channels_url(hub: dict[str, Any], name: str, kernel: str) -> str:
    """The websocket of ``name``'s kernel ``kernel`` through the hub's proxy (http scheme; a new session)."""
    return f"{hub['url']}user/{name}/api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"


async def _connect(url: str, cookie: str) -> WebSocketClientConnection:
    """A kernel's websocket as a browser opens it: the cookies, and ``Sec-Fetch-Mode: websocket``."""
    ws_url = url.replace("http://", "ws://", 1)
    headers = {"Cookie": cookie, "Sec-Fetch-Mode": "websocket"}
    return await websocket_connect(HTTPRequest(ws_url, headers=headers, connect_timeout=KERNEL_WAIT,
                                               request_timeout=KERNEL_WAIT))


def _shell(kind: str, content: dict[str, Any], session: str, metadata: dict[str, Any] | None = None,
           msg_id: str = "") -> str:
    """A Jupyter message (protocol 5.3) on the shell channel, as the page's scripts send it."""
    header = {"msg_id": msg_id or uuid.uuid4().hex, "msg_type": kind, "username": "", "session": session,
              "version": "5.3", "date": ""}
    return json.dumps({"header": header,
                       "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell",
                       "buffers": []})


def _decode(raw: str | bytes) -> dict[str, Any]:
    """A message off the websocket: JSON text, or Jupyter Server's binary frame (the number of
    buffers, their offsets, the JSON message first; the buffers themselves are not needed here)."""
    if isinstance(raw, str):
        return dict(json.loads(raw))
    n = int.from_bytes(raw[:4], "big")
    offsets = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(n)] + [len(raw)]
    return dict(json.loads(raw[offsets[0]:offsets[1]].decode("utf-8")))


@dataclass
class Widgets:
    """What one page's kernel said over its websocket: the kinds of message, each widget's state,
    and every change of state each widget was sent, in order."""

    kinds: list[str] = field(default_factory=list)
    states: dict[str, dict[str, Any]] = field(default_factory=dict)
    changes: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    handled: set[str] = field(default_factory=set)  # the messages the kernel is done with (idle after them)

    def take(self, msg: dict[str, Any]) -> None:
        """Note a kernel's message (its kind; the widgets' states, or an update of one; idle again)."""
        self.kinds.append(msg.get("header", {}).get("msg_type", ""))
        if self.kinds[-1] == "status" and msg.get("content", {}).get("execution_state") == "idle":
            self.handled.add(msg.get("parent_header", {}).get("msg_id", ""))
        data = msg.get("content", {}).get("data", {}) if self.kinds[-1] == "comm_msg" else {}
        if data.get("method") == "update_states":
            for mid, s in data["states"].items():
                self.states[mid] = {"model_name": s.get("model_name"), "state": dict(s["state"])}
                self.changes.setdefault(mid, []).append(dict(s["state"]))
        elif data.get("method") in ("update", "echo_update"):
            mid = msg["content"]["comm_id"]
            self.states.setdefault(mid, {"model_name": None, "state": {}})["state"].update(data["state"])
            self.changes.setdefault(mid, []).append(dict(data["state"]))

    def by_class(self, cls: str) -> str:
        """The one model whose CSS classes (``_dom_classes``) hold ``cls``."""
        found = [mid for mid, s in self.states.items() if cls in s["state"].get("_dom_classes", ())]
        assert len(found) == 1, (cls, found)
        return found[0]

    def values(self, mid: str, non_empty: bool = False) -> list[str]:
        """Every ``value`` the model ``mid`` showed, in order (``non_empty``: but the empty ones)."""
        return [c["value"] for c in self.changes.get(mid, []) if "value" in c and (c["value"] or not non_empty)]


async def _until(ws: WebSocketClientConnection, seen: Widgets, done: Callable[[], bool], what: str) -> None:
    """Read the websocket, noting every message in ``seen``, until ``done()``; at most
    :data:`KERNEL_WAIT` seconds."""
    end = time.monotonic() + KERNEL_WAIT
    while not done():
        left = end - time.monotonic()
        assert left > 0, f"the kernel did not answer within {KERNEL_WAIT:g} s: {what} (got {seen.kinds[-20:]})"
        try:
            raw = await asyncio.wait_for(ws.read_message(), left)
        except TimeoutError:
            continue  # the assertion above says what was awaited
        assert raw is not None, f"the kernel's websocket closed while waiting for {what}"
        seen.take(_decode(raw))


async def _run_page(base: str, name: str, kernel: str, cookie: str) -> list[dict[str, Any]]:
    """Run a Voilà page's notebook in its kernel as the page's first script does under
    progressive rendering (the page itself only starts the kernel): ``voila/execution/<kernel>``,
    ``execute``, then every cell's output as it runs. The output cells, in order."""
    ws = await _connect(base + f"user/{name}/voila/execution/{kernel}", cookie)
    cells: dict[int, dict[str, Any]] = {}
    total: int | None = None
    limit = 2 * KERNEL_WAIT  # the whole notebook, a cell at a time on a loaded machine
    end = time.monotonic() + limit
    try:
        while total is None or len(cells) < total:
            left = end - time.monotonic()
            assert left > 0, f"{name}'s trainer did not run within {limit:g} s ({len(cells)} of {total} cells)"
            try:
                raw = await asyncio.wait_for(ws.read_message(), left)
            except TimeoutError:
                continue  # the assertion above says so
            assert raw is not None, f"{name}'s execution websocket closed ({len(cells)} of {total} cells)"
            msg = json.loads(raw)
            if msg["action"] == "initialized":
                await ws.write_message(json.dumps({"action": "execute", "payload": {"kernel_id": kernel}}))
            else:
                assert msg["action"] == "execution_result", msg
                payload = msg["payload"]
                total, cells[payload["cell_index"]] = payload["total_cell"], payload["output_cell"]
    finally:
        ws.close()
    return [cells[i] for i in sorted(cells)]


async def _answer_one_question(url: str, cookie: str, name: str, choice: int) -> dict[str, Any]:
    """On the trainer page's kernel (its websocket ``url``, the user's ``cookie``), as its scripts
    do: the widgets' states (the who-line naming ``name``: the hub signed him in), then option
    ``choice`` (modulo their number) of the question chosen and Check clicked, until the kernel is done with the click
    (its verdict and the who-line's new count sent). What the page showed: every who-line, the
    verdict, and the answer chosen as the records write it (``Label: option``)."""
    ws = await _connect(url, cookie)
    seen, session = Widgets(), uuid.uuid4().hex
    try:
        await ws.write_message(_shell("comm_info_request", {}, session))
        await _until(ws, seen, lambda: "comm_info_reply" in seen.kinds, "comm_info_reply")
        control = uuid.uuid4().hex
        await ws.write_message(_shell("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                                    "data": {}}, session, {"version": CONTROL_PROTOCOL}))
        await ws.write_message(_shell("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, session))
        await _until(ws, seen, lambda: bool(seen.states), "the widgets' states")
        who, feedback = seen.by_class("gl-trainer-who"), seen.by_class("gl-trainer-feedback")
        check = seen.by_class("gl-trainer-check")
        assert f'data-login="user:{name}"' in seen.values(who)[-1], (name, seen.values(who))
        answers = seen.states[seen.by_class("gl-trainer-answers")]["state"]["children"]
        inputs = [c.removeprefix("IPY_MODEL_") for c in answers]
        assert len(inputs) == 1 and seen.states[inputs[0]]["model_name"] == "RadioButtonsModel", inputs
        field_state = seen.states[inputs[0]]["state"]
        options, label = list(field_state["_options_labels"]), field_state["description"]
        choice %= len(options)
        await ws.write_message(_shell("comm_msg", {"comm_id": inputs[0], "data": {
            "method": "update", "state": {"index": choice}, "buffer_paths": []}}, session))
        click = uuid.uuid4().hex
        await ws.write_message(_shell("comm_msg", {"comm_id": check, "data": {
            "method": "custom", "content": {"event": "click"}}}, session, msg_id=click))
        await _until(ws, seen, lambda: click in seen.handled, "the click on Check handled")
        assert seen.values(feedback, non_empty=True), (name, "no verdict", seen.values(who))
        return {"who": seen.values(who), "verdict": seen.values(feedback, non_empty=True)[-1],
                "chosen": f"{label}: {options[choice]}"}
    finally:
        ws.close()


async def _refused(url: str, cookie: str) -> int | None:
    """The HTTP status a kernel's websocket ``url`` refuses ``cookie`` with; ``None`` if it opens."""
    try:
        ws = await _connect(url, cookie)
    except HTTPClientError as err:
        return err.code
    ws.close()
    return None


@dataclass
class Visit:
    """One user's visit: his cookies, the pages he reached, his trainer's kernel and what it showed."""

    name: str
    browser: Browser
    pages: dict[str, Any]
    kernel: str
    trainer: dict[str, Any]


def _a_user(hub: dict[str, Any], name: str) -> Visit:
    """Sign in as ``name`` (the hub starts his server), then open the static book, a live chapter
    and the staff trainer on it; run the trainer's notebook and answer its question (his place in
    :data:`USERS` picks the option, so that each user's answer is told from the next one's)."""
    b, base = Browser(), hub["url"]
    end = time.monotonic() + 60
    while b.open(base + "hub/login")[0] != 200:  # the hub itself may still be starting behind its proxy
        assert time.monotonic() < end, "the hub's login page did not answer"
        time.sleep(0.5)
    status, _, _ = b.open(base + "hub/login?next=", {"username": name, "password": PASSWORD, "_xsrf": b.xsrf()})
    assert status == 200, status
    end = time.monotonic() + 240
    while True:  # the server starting: the hub's pages until the proxy routes to it
        status, page, url = b.open(base + f"user/{name}/voila/files/site/index.html")
        if status == 200 and "/voila/files/site/index.html" in url and "book/intro.html" in page:
            break
        assert time.monotonic() < end, (status, url, page[:300])
        time.sleep(1)
    out: dict[str, Any] = {"book": True}
    kernel = ""
    for key, chapter in (("chapter", "mixed/formats"), ("trainer", "trainer")):
        status, page, _ = b.open(base + f"user/{name}/voila/render/chapters/{chapter}.ipynb")
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
        out[key] = (status, bool(found), "def " not in page)
        kernel = found.group(1) if found else ""
    assert kernel, (name, out)
    url = _channels_url(hub, name, kernel)
    cookie = _cookie_header(b, url)
    cells = asyncio.run(_run_page(base, name, kernel, cookie))
    outputs = [o for cell in cells for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"], (name, outputs)
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs), (name, outputs)
    trainer = asyncio.run(_answer_one_question(url, cookie, name, USERS.index(name)))
    return Visit(name, b, out, kernel, trainer)


def _records(hub: dict[str, Any]) -> tuple[list[AnswerRecord], list[tuple[str, str, str, bool]]]:
    """Every answer and every trainee in the records the servers wrote, read with the project's
    records API as the configured supervisor (vouched for by the hub) reads them."""
    config = load_config(hub["trainer_env"])
    assert config.auth == "hub" and config.supervisors == (SUPERVISOR,), config
    store = Store(config=config)
    try:
        view = store.supervisor(who=Identity(f"user:{SUPERVISOR}", SUPERVISOR, "", "jupyterhub"))
        return view.answers(), view.trainees()
    finally:
        store.close()


def test_five_users_sign_in_at_once_and_each_reaches_the_book_and_the_trainer(hub: dict[str, Any]) -> None:
    with ThreadPoolExecutor(len(USERS)) as pool:
        visits = {v.name: v for v in pool.map(lambda name: _a_user(hub, name), USERS)}
    for name, visit in visits.items():
        assert visit.pages == {"book": True, "chapter": (200, True, True), "trainer": (200, True, True)}, (name, visit)
    users = {u["name"]: u for u in _api(hub, "users")}
    assert {n for n in USERS if users[n]["servers"]} == set(USERS)  # a server each
    # the project's culler and the hub's own, both: JupyterHub started with both roles
    services = set(_api(hub, "services"))  # by name
    assert {"idle-culler", "handbook-idle-culler"} <= services

    # Each trainer named its user, as the hub signed him in (no password typed), and no one else;
    # it showed a verdict, and counted his one answer (his records alone: not the others').
    for name, visit in visits.items():
        who = visit.trainer["who"]
        assert who and all(f'data-login="user:{name}"' in w and f"Signed in as <b>{name}</b>" in w for w in who), \
            (name, who)
        assert not any(f"<b>{other}</b>" in w or f"user:{other}" in w for w in who for other in USERS if other != name)
        assert " of 1 right" in who[-1] and "gl-trainer-verdict" in visit.trainer["verdict"], (name, visit.trainer)
    # One user's cookies (all of them) open no other user's kernel.
    for name, other in zip(USERS, USERS[1:] + USERS[:1], strict=True):
        url = _channels_url(hub, other, visits[other].kernel)
        code = asyncio.run(_refused(url, _cookie_header(visits[name].browser, url, every=True)))
        assert code == 403, (name, other, code)  # refused by his server (not gone: that would be another code)

    # The records: the hub's one database (not a file inside a server's data folder), each user's
    # one answer under his own name, what he chose and the verdict he saw; nobody else, no empty name.
    assert (hub["state"] / "records.sqlite3").is_file() and not (hub["state"] / "data" / "trainer.sqlite3").exists()
    answers, trainees = _records(hub)
    assert sorted(trainees) == sorted((f"user:{n}", n, "", False) for n in USERS), trainees
    assert all(a.login and a.name for a in answers), answers
    assert Counter(a.login for a in answers) == Counter(f"user:{n}" for n in USERS), answers
    for a in answers:
        name = a.login.removeprefix("user:")
        visit = visits[name]
        assert a.name == name and a.attempt_id is None, a
        assert (a.game, a.drill, a.trainee_answer) == ("big-o", "read-hand", visit.trainer["chosen"]), \
            (a, visit.trainer)
        shown = 'data-correct="yes"' if a.correct else 'data-correct="no"'
        assert shown in visit.trainer["verdict"] and a.correct == (a.trainee_answer == a.correct_answer), \
            (a, visit.trainer)


def test_the_culler_stops_servers_nobody_uses(hub: dict[str, Any]) -> None:
    end = time.monotonic() + CULL_AFTER + 120
    while any(u["servers"] for u in _api(hub, "users") if u["name"] in USERS):
        assert time.monotonic() < end, "idle servers still running"
        time.sleep(2)
