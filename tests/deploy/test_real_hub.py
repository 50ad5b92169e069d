"""A real JupyterHub with the project's hub configuration (issue 22): ``jupyterhub`` (the pinned
package, deploy/requirements-hub.txt) and configurable-http-proxy (npm), both installed by
``.ci/setup``, started by this test on free ports of 127.0.0.1.

The hub is a casino's: a simple login (JupyterHub's dummy authenticator, one password), servers
started as local processes (``SimpleLocalProcessSpawner``), and its own idle culler under the
usual name ``idle-culler``; ``deploy/jupyterhub_config.py`` is merged into it as the README says
(``load_subconfig``), with this checkout in place of ``/srv/handbook`` and the culler's hour cut
to seconds. Then 5 users sign in at once; each gets a server of his own, which shows the static
book, runs a live chapter and the staff trainer, and is stopped by the project's culler once
nobody uses it.

Skipped when JupyterHub or configurable-http-proxy is missing or the book is not built.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "tests"))
import servers  # noqa: E402  (tests/servers.py)

sys.path.insert(0, str(ROOT / "deploy"))
import live_build  # noqa: E402  (deploy/live_build.py)

JUPYTERHUB = Path(sys.executable).with_name("jupyterhub")
USERS = [f"dealer{i}" for i in range(1, 6)]
PASSWORD = "the-password"
#: Seconds without activity before the project's culler stops a server (an hour in production).
CULL_AFTER = 10

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
    (state / "trainer.toml").write_text("", encoding="utf-8")
    (state / "data").mkdir()
    port, hub_port, api_port = servers.free_port(), servers.free_port(), servers.free_port()
    token = uuid.uuid4().hex
    config = state / "jupyterhub_config.py"
    config.write_text(HUB_CONFIG.format(
        port=port, hub_port=hub_port, proxy_api_port=api_port, state=state, password=PASSWORD, token=token,
        project_config=ROOT / "deploy" / "jupyterhub_config.py", root=ROOT, live=live, cull_after=CULL_AFTER,
        args=repr(["--allow-root"] if os.getuid() == 0 else [])), encoding="utf-8")
    env = dict(os.environ, HANDBOOK_TRAINER_DB=f"sqlite:///{state}/records.sqlite3", CONFIGPROXY_AUTH_TOKEN=token)
    argv = [str(JUPYTERHUB), "-f", str(config)]
    with servers.serving(argv, port, state, env, "jupyterhub", timeout=120) as served:
        yield {"url": f"http://127.0.0.1:{port}/", "token": token, "served": served}


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


def _a_user(hub: dict[str, Any], name: str) -> dict[str, Any]:
    """Sign in as ``name`` (the hub starts his server), then open the static book, a live chapter
    and the staff trainer on it."""
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
    for key, chapter in (("chapter", "mixed/formats"), ("trainer", "trainer")):
        status, page, _ = b.open(base + f"user/{name}/voila/render/chapters/{chapter}.ipynb")
        out[key] = (status, bool(re.search(r'"kernelId":\s*"[0-9a-f-]{36}"', page)), "def " not in page)
    return out


def test_five_users_sign_in_at_once_and_each_reaches_the_book_and_the_trainer(hub: dict[str, Any]) -> None:
    with ThreadPoolExecutor(len(USERS)) as pool:
        results = dict(zip(USERS, pool.map(lambda name: _a_user(hub, name), USERS)))
    for name, res in results.items():
        assert res == {"book": True, "chapter": (200, True, True), "trainer": (200, True, True)}, (name, res)
    users = {u["name"]: u for u in _api(hub, "users")}
    assert {n for n in USERS if users[n]["servers"]} == set(USERS)  # a server each
    # the project's culler and the hub's own, both: JupyterHub started with both roles
    services = set(_api(hub, "services"))  # by name
    assert {"idle-culler", "handbook-idle-culler"} <= services


def test_the_culler_stops_servers_nobody_uses(hub: dict[str, Any]) -> None:
    end = time.monotonic() + CULL_AFTER + 120
    while any(u["servers"] for u in _api(hub, "users") if u["name"] in USERS):
        assert time.monotonic() < end, "idle servers still running"
        time.sleep(2)
