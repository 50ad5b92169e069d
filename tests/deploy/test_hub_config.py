"""The live book on JupyterHub: the container image, the hub configurations and the
single-user server's configuration.

What this machine can check without a container engine or a hub:

* ``deploy/jupyterhub_config.py`` loads with traitlets (as JupyterHub loads it) and sets the
  default URL, the command, the memory and the idle culler; ``deploy/z2jh-values.yaml`` parses
  and says the same (default URL, image, memory, culling) in the keys Zero to JupyterHub reads;
* ``deploy/Containerfile`` installs what ``.ci/setup`` installs (it runs ``.ci/setup`` in the
  copied repository, on the same Python) and puts the paths the hub configurations name where
  they say;
* ``deploy/hub/jupyter_server_config.py`` makes a Jupyter Server that is Voilà and nothing else:
  a real server started with it redirects to the static book, renders a live chapter without
  its code, has no terminal, no JupyterLab and no other extension, caps a user's kernels, and
  drops an execute request sent to a kernel by a browser.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shlex
import sys
import tempfile
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import servers  # noqa: E402  (tests/servers.py)

DEPLOY = ROOT / "deploy"
CONTAINERFILE = DEPLOY / "Containerfile"
SETUP = ROOT / ".ci" / "setup"
SERVER_CONFIG = DEPLOY / "hub" / "jupyter_server_config.py"
#: Measured (README, "Trainer capacity"): a kernel and a server process, resident.
KERNEL_MB, SERVER_MB = 170, 110
#: The trainer's kernel holds the records' database stack too (README, "Training records").
TRAINER_KERNEL_MB = 191


# --- reading the files ---------------------------------------------------------------------------

def _load(path: Path) -> Config:
    """A traitlets configuration file, loaded as Jupyter loads it (environment left unchanged)."""
    saved = dict(os.environ)
    try:
        return PyFileConfigLoader(path.name, path=str(path.parent)).load_config()
    finally:
        os.environ.clear()
        os.environ.update(saved)


def _value(cfg: Config, cls: str, name: str, default: Any = None) -> Any:
    """A configured value; a lazy one (``.append``/``.update`` in the file) applied to ``default``."""
    value = cfg[cls][name]
    return value.get_value(default) if hasattr(value, "get_value") else value


@pytest.fixture(scope="module")
def hub() -> Config:
    return _load(DEPLOY / "jupyterhub_config.py")


@pytest.fixture(scope="module")
def server_config() -> Config:
    return _load(SERVER_CONFIG)


@pytest.fixture(scope="module")
def values() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text(encoding="utf-8"))


def _instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) of a Containerfile, continuation lines joined, comments dropped."""
    lines: list[str] = []
    for line in text.splitlines():
        if line.lstrip().startswith("#") or not line.strip():
            continue
        if lines and lines[-1].endswith("\\"):
            lines[-1] = lines[-1][:-1] + " " + line.strip()
        else:
            lines.append(line.strip())
    lines = [" ".join(line.split()) for line in lines]  # runs of blanks as one
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line else "") for line in lines]


@pytest.fixture(scope="module")
def image() -> list[tuple[str, str]]:
    return _instructions(CONTAINERFILE.read_text(encoding="utf-8"))


def _env(image: list[tuple[str, str]]) -> dict[str, str]:
    env: dict[str, str] = {}
    for op, args in image:
        if op == "ENV":
            for word in shlex.split(args):
                name, _, value = word.partition("=")
                env[name] = value
    return env


def _bytes(size: str) -> int:
    """A JupyterHub / Kubernetes size ("1G", "300M") in bytes, taking the smaller reading."""
    number, unit = re.fullmatch(r"([\d.]+)([KMG]?)", size).groups()  # type: ignore[union-attr]
    return int(float(number) * {"": 1, "K": 1e3, "M": 1e6, "G": 1e9}[unit])


# --- the hub configurations -------------------------------------------------------------------------

def test_jupyterhub_config_sets_what_the_hub_needs(hub: Config, server_config: Config) -> None:
    assert hub.Spawner.default_url == server_config.ServerApp.default_url == "/voila/files/site/index.html"
    assert hub.Spawner.cmd == ["/srv/handbook/.venv/bin/jupyterhub-singleuser"]
    assert _value(hub, "Spawner", "environment", {}) == {"JUPYTER_CONFIG_PATH": "/srv/handbook/deploy/hub",
                                                         "GAMELIB_TRAINER_CONFIG": "/etc/handbook/trainer.toml"}
    assert _bytes(hub.Spawner.mem_guarantee) < _bytes(hub.Spawner.mem_limit)
    (culler,) = _value(hub, "JupyterHub", "services", [])
    assert culler["name"] == "handbook-idle-culler" and culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    args = dict(a.lstrip("-").split("=", 1) for a in culler["command"][3:])
    assert int(args["timeout"]) >= 600 and int(args["cull-every"]) > 0
    (role,) = _value(hub, "JupyterHub", "load_roles", [])
    assert role["name"] == "handbook-idle-culler" and role["services"] == ["handbook-idle-culler"]
    assert {"list:users", "read:users:activity", "read:servers", "delete:servers"} <= set(role["scopes"])
    # The hub's own services and roles are kept: the file appends to them, and a hub that runs its
    # own culler under the usual name "idle-culler" keeps it (two of one name: JupyterHub refuses
    # to start; the real hub of tests/deploy/test_real_hub.py has one).
    theirs = {"services": [{"name": "idle-culler"}],
              "load_roles": [{"name": "idle-culler", "services": ["idle-culler"]}]}
    merged = Config({"JupyterHub": theirs})
    merged.merge(_load(DEPLOY / "jupyterhub_config.py"))
    services = [s["name"] for s in _value(merged, "JupyterHub", "services", theirs["services"])]
    roles = [r["name"] for r in _value(merged, "JupyterHub", "load_roles", theirs["load_roles"])]
    assert services == ["idle-culler", "handbook-idle-culler"] and roles == ["idle-culler", "handbook-idle-culler"]


def test_z2jh_values_agree_with_jupyterhub_config(hub: Config, server_config: Config,
                                                  values: dict[str, Any]) -> None:
    single, cull = values["singleuser"], values["cull"]
    assert single["defaultUrl"] == hub.Spawner.default_url
    assert f'{single["image"]["name"]}:{single["image"]["tag"]}' == hub.DockerSpawner.image == hub.KubeSpawner.image
    assert single["image"]["tag"] != "latest" and re.fullmatch(r"\d+\.\d+\.\d+", single["image"]["tag"])
    assert single["cmd"] == hub.Spawner.cmd[0]
    plain = {k: v for k, v in single["extraEnv"].items() if isinstance(v, str)}
    assert plain == _value(hub, "Spawner", "environment", {})  # the database URL is the hub's secret
    assert single["memory"] == {"guarantee": hub.Spawner.mem_guarantee, "limit": hub.Spawner.mem_limit}
    assert single["uid"] == hub.KubeSpawner.uid == 1000
    (culler,) = _value(hub, "JupyterHub", "services", [])
    args = dict(a.lstrip("-").split("=", 1) for a in culler["command"][3:])
    assert cull["enabled"] is True
    assert cull["timeout"] == int(args["timeout"]) and cull["every"] == int(args["cull-every"])
    # A kernel without a tab goes long before its server does.
    assert server_config.TrainerKernelManager.cull_idle_timeout < cull["timeout"]
    assert single["storage"]["type"] == "none"


def test_every_user_server_keeps_its_records_in_one_database(values: dict[str, Any], tmp_path: Path) -> None:
    """A user's server keeps no disk: the trainer's records go to the casino's database, given to
    each server the same way by both hub files, and its settings file is mounted where the variable
    says; load_config (what the trainer reads) takes both."""
    from gamelib.trainer.records.config import load_config

    single = values["singleuser"]
    env = single["extraEnv"]
    assert env["GAMELIB_TRAINER_DB"]["valueFrom"]["secretKeyRef"] == {"name": "handbook-trainer", "key": "database-url"}
    config_dir = str(Path(env["GAMELIB_TRAINER_CONFIG"]).parent)
    (mount,) = single["storage"]["extraVolumeMounts"]
    (volume,) = single["storage"]["extraVolumes"]
    assert mount["mountPath"] == config_dir and mount["readOnly"] and volume["name"] == mount["name"]
    assert volume["secret"]["secretName"] == "handbook-trainer"
    assert volume["secret"]["items"] == [{"key": "trainer.toml", "path": Path(env["GAMELIB_TRAINER_CONFIG"]).name}]
    assert any(p["port"] == 5432 for rule in single["networkPolicy"]["egress"] for p in rule["ports"])
    url = "postgresql+psycopg://trainer@db.casino.example/training"
    saved = os.environ.get("HANDBOOK_TRAINER_DB")
    os.environ["HANDBOOK_TRAINER_DB"] = url
    try:
        hub = _load(DEPLOY / "jupyterhub_config.py")
    finally:
        os.environ.pop("HANDBOOK_TRAINER_DB")
        if saved is not None:
            os.environ["HANDBOOK_TRAINER_DB"] = saved
    server_env = _value(hub, "Spawner", "environment", {})
    assert server_env["GAMELIB_TRAINER_DB"] == url
    assert server_env["GAMELIB_TRAINER_CONFIG"] == env["GAMELIB_TRAINER_CONFIG"]
    assert hub.DockerSpawner.volumes == {config_dir: {"bind": config_dir, "mode": "ro"}}
    # what a user's server makes of them
    toml = tmp_path / "trainer.toml"
    toml.write_text('supervisors = ["floor-jane"]\n', encoding="utf-8")
    cfg = load_config({"GAMELIB_TRAINER_DB": url, "GAMELIB_TRAINER_CONFIG": str(toml), "GAMELIB_DATA": str(tmp_path)})
    assert cfg.url == url and cfg.supervisors == ("floor-jane",)


def test_memory_fits_the_kernel_cap(hub: Config, server_config: Config) -> None:
    kernels = server_config.TrainerKernelManager.max_kernels
    assert 1 <= kernels
    assert (SERVER_MB + kernels * max(KERNEL_MB, TRAINER_KERNEL_MB)) * 1_000_000 <= _bytes(hub.Spawner.mem_limit)
    assert (SERVER_MB + KERNEL_MB) * 1_000_000 <= _bytes(hub.Spawner.mem_guarantee)


def test_the_single_user_server_is_voila_only(server_config: Config) -> None:
    from gamelib.trainer.serving import TrainerKernelManager, prelaunch_hook

    app = server_config.ServerApp
    assert app.terminals_enabled is False
    assert app.kernel_manager_class is TrainerKernelManager
    assert app.root_dir == str(ROOT / "_build" / "live")
    assert "execute_request" not in server_config.TrainerKernelManager.allowed_message_types
    assert "comm_msg" in server_config.TrainerKernelManager.allowed_message_types
    # deploy/voila.py's settings are the live book's: loaded, not copied.
    assert server_config.VoilaConfiguration.prelaunch_hook is prelaunch_hook
    assert server_config.VoilaConfiguration.strip_sources is True
    assert server_config.VoilaConfiguration.template == "handbook"


# --- the image against .ci/setup ------------------------------------------------------------------

def _workdir_at(image: list[tuple[str, str]], index: int) -> str:
    return [args for op, args in image[:index] if op == "WORKDIR"][-1]


def _stages(image: list[tuple[str, str]]) -> list[list[tuple[str, str]]]:
    """The Containerfile's stages, each from its FROM."""
    out: list[list[tuple[str, str]]] = []
    for op, args in image:
        if op == "FROM":
            out.append([])
        out[-1].append((op, args))
    return out


#: Packages only the tests, the benchmarks, the type check or the book's build use.
NOT_IN_THE_IMAGE = {"pytest", "hypothesis", "nbval", "playwright", "mypy", "pandas-stubs", "pokerkit", "poker-equity",
                    "eval7", "treys", "phevaluator", "jupyter-book", "myst-nb", "sphinx", "pypdf", "beautifulsoup4"}


def test_the_image_is_built_where_the_tests_ran_and_holds_only_the_runtime(image: list[tuple[str, str]]) -> None:
    """The build stage runs .ci/setup (what the tests ran with) and builds the book; the image
    starts from the same Python and takes gamelib, the runtime's packages at the build stage's
    versions, the live chapters and tini: no test package, no chromium, no postgresql."""
    setup = SETUP.read_text(encoding="utf-8")
    # What .ci/setup installs (if it changes, this test is to be read again).
    assert "python3.11" in setup and "pip install --quiet -r requirements.txt" in setup
    assert "pip install --quiet -e ." in setup and "apt-get install -y -qq chromium" in setup
    assert '"$py" -m venv .venv' in setup and 'cd "$(dirname "${BASH_SOURCE[0]}")/.."' in setup
    build, final = _stages(image)
    # The same Python minor version in both stages, on Debian (the apt-get of .ci/setup).
    (base,) = [args for op, args in image if op == "FROM" and " AS " not in args]
    assert build[0] == ("FROM", f"{base} AS book")
    match = re.fullmatch(r"python:(\d+\.\d+)-slim-(bookworm|trixie)", base)
    assert match and f"python{match.group(1)}" in setup, base
    # The build stage runs .ci/setup itself, in the whole repository copied to the working directory.
    runs = [(i, args) for i, (op, args) in enumerate(build) if op == "RUN"]
    (setup_at,) = [i for i, args in runs if re.fullmatch(r"(HANDBOOK_SETUP_HUB=0 )?bash \.ci/setup", args)]
    copy_at = build.index(("COPY", ". ."))
    assert copy_at < setup_at and _workdir_at(build, copy_at) == _workdir_at(build, setup_at) == "/srv/handbook"
    assert build[copy_at + 1] == ("RUN", "rm -rf .venv _build")  # nothing from a checkout
    ignored = (DEPLOY / "Containerfile.dockerignore").read_text(encoding="utf-8").split()
    assert {".venv", "_build"} <= set(ignored)
    (build_at,) = [i for i, args in runs if "bash .ci/book" in args]
    assert build_at > setup_at and "deploy/live_build.py" in build[build_at][1]
    assert "pip freeze --exclude-editable" in build[build_at][1] and "/srv/constraints.txt" in build[build_at][1]
    # The image: tini, and the runtime held to the build stage's versions; nothing else installed.
    final_runs = [args for op, args in final if op == "RUN"]
    installs = [args for args in final_runs if re.search(r"pip install|apt-get install", args)]
    assert installs == [
        "apt-get update -qq && apt-get install -y -qq --no-install-recommends tini && rm -rf /var/lib/apt/lists/*",
        "python -m venv .venv && .venv/bin/python -m pip install --quiet . -r deploy/requirements-image.txt "
        "-r deploy/requirements-hub.txt -c /srv/constraints.txt && rm /srv/constraints.txt"]
    assert ("ENTRYPOINT", '["tini", "--"]') in final and final[-1] == ("CMD", '["jupyterhub-singleuser"]')
    copied = [args for op, args in final if op == "COPY"]
    assert all(args.startswith("--from=book ") for args in copied)
    assert "--from=book /srv/handbook/_build/live _build/live" in copied
    assert not any("chromium" in a or "postgresql" in a or "playwright" in a for a in final_runs)


def _names(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            out[re.sub(r"\[.*\]", "", name).strip().lower()] = version
    return out


def test_the_image_requirements_are_the_books_runtime_only() -> None:
    book = _names(ROOT / "requirements.txt")
    image = _names(DEPLOY / "requirements-image.txt")
    assert image and all(v == "" for v in image.values())  # names: the versions are the build stage's
    assert set(image) <= set(book) and not set(image) & NOT_IN_THE_IMAGE
    assert {"voila", "ipykernel"} <= set(image)
    assert NOT_IN_THE_IMAGE <= set(book) | {"sphinx"}  # every one of them is a pin of requirements.txt


def test_the_hub_requirements_add_without_repinning(values: dict[str, Any]) -> None:
    hub, server, book = (_names(DEPLOY / "requirements-hub.txt"), _names(DEPLOY / "requirements-hub-server.txt"),
                         _names(ROOT / "requirements.txt"))
    assert all(hub.values()) and all(server.values())  # pinned
    assert "jupyterhub" in hub and "jupyterhub-idle-culler" in server and not (set(hub) | set(server)) & set(book)
    # The single-user server's JupyterHub is the chart's (the README's and the values' helm command).
    chart = re.search(r"--version (\d+\.\d+\.\d+)", (DEPLOY / "z2jh-values.yaml").read_text(encoding="utf-8"))
    assert chart and f"chart {chart.group(1)} runs JupyterHub {hub['jupyterhub']}" in (
        DEPLOY / "requirements-hub.txt").read_text(encoding="utf-8")
    assert f"--version {chart.group(1)}" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_image_puts_things_where_the_hubs_look(image: list[tuple[str, str]], hub: Config,
                                                   values: dict[str, Any]) -> None:
    final = _stages(image)[-1]
    env = _env(final)
    repo = _workdir_at(final, final.index(("COPY", "--from=book /srv/handbook/gamelib gamelib")))
    assert env["PATH"].split(":")[0] == f"{repo}/.venv/bin"
    assert hub.Spawner.cmd == [f"{repo}/.venv/bin/jupyterhub-singleuser"] == [values["singleuser"]["cmd"]]
    assert env["JUPYTER_CONFIG_PATH"] == values["singleuser"]["extraEnv"]["JUPYTER_CONFIG_PATH"] == f"{repo}/deploy/hub"
    assert SERVER_CONFIG.parent == ROOT / env["JUPYTER_CONFIG_PATH"][len(repo) + 1:]
    # Voilà also reads a voila.py from every folder on JUPYTER_CONFIG_PATH: only ours is there.
    assert sorted(p.name for p in SERVER_CONFIG.parent.iterdir() if p.suffix in (".py", ".json")) == [
        "jupyter_server_config.py"]
    # A non-root user, uid 1000 as the hub configurations say, running jupyterhub-singleuser.
    assert ("USER", "1000") in final and "--uid 1000" in " ".join(a for op, a in final if op == "RUN")
    assert env["GAMELIB_CACHE"] in " ".join(a for op, a in final if op == "RUN" and "chown" in a)
    # what the single-user server loads is in the image: the hub config, the trainer's and the
    # live book's Voilà settings, the template and the live kernel (deploy/), gamelib, the chapters
    copied = " ".join(a for op, a in final if op == "COPY")
    for part in ("gamelib", "deploy", "trainer", "_build/live"):
        assert f"/srv/handbook/{part} {part}" in copied, part


# --- a real single-user server ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def user_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, list[str]]]:
    """Jupyter Server with the single-user configuration, on a small live book of its own."""
    import nbformat

    live = tmp_path_factory.mktemp("live")
    (live / "site").mkdir()
    (live / "site" / "index.html").write_text("<html><body>The contents page</body></html>")
    (live / "chapters").mkdir()
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("print('dealt ' + str(6 * 7))")]
    nbformat.write(nb, live / "chapters" / "chapter.ipynb")
    port, token = servers.free_port(), uuid.uuid4().hex
    env = dict(os.environ, HANDBOOK_LIVE_DIR=str(live), PYTHONHASHSEED="0")
    # --allow-root: CI runs as root; the image runs as uid 1000.
    argv = [sys.executable, "-m", "jupyter_server", f"--config={SERVER_CONFIG}", "--no-browser", "--allow-root",
            f"--port={port}", "--ip=127.0.0.1", f"--IdentityProvider.token={token}"]
    with servers.serving(argv, port, Path(tempfile.gettempdir()), env, "jupyter server") as served:
        yield served.url, token, served.log_text().splitlines()


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any) -> None:
        return None


def _get(url: str, token: str, method: str = "GET", follow: bool = True) -> tuple[int, str, dict[str, str]]:
    req = urllib.request.Request(url, method=method, headers={"Authorization": f"token {token}"},
                                 data=b"{}" if method == "POST" else None)
    opener = urllib.request.build_opener() if follow else urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(req, timeout=90) as r:
            return r.status, r.read().decode(), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace"), dict(e.headers)


def test_the_server_opens_the_book_and_renders_chapters_without_code(user_server: tuple[str, str, list[str]]) -> None:
    url, token, _ = user_server
    status, _, headers = _get(url, token, follow=False)
    assert status == 302 and headers["Location"].split("?")[0] == "/voila/files/site/index.html"
    assert _get(url + "voila/files/site/index.html", token)[:2] == (200, "<html><body>The contents page</body></html>")
    status, page, _ = _get(url + "voila/render/chapters/chapter.ipynb", token)
    assert status == 200 and "6 * 7" not in page  # its code not shown
    # Progressive rendering (deploy/voila.py): the page asks the server, over the execution
    # socket, to run the chapter it rendered; the outputs come back one cell at a time.
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert kernel, "no kernel id in the rendered chapter"
    assert "dealt 42" in _run_progressively(url, token, kernel.group(1))


def _run_progressively(url: str, token: str, kernel: str) -> str:
    """What the chapter's cells output when the page's execution socket asks the server to run them."""

    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    async def run() -> str:
        ws_url = url.replace("http://", "ws://") + f"voila/execution/{kernel}"
        ws = await websocket_connect(HTTPRequest(ws_url, headers={"Authorization": f"token {token}"}))
        texts: list[str] = []
        try:
            while True:
                raw = await asyncio.wait_for(ws.read_message(), 30)
                if raw is None:
                    break
                msg = json.loads(raw)
                if msg.get("action") == "initialized":
                    await ws.write_message(json.dumps({"action": "execute", "payload": {"kernel_id": kernel}}))
                elif msg.get("action") == "execution_result":
                    texts.append(json.dumps(msg.get("payload")))
                    payload = msg.get("payload") or {}
                    if payload.get("cell_index", 0) + 1 >= payload.get("total_cell", 1):
                        break
                elif msg.get("action") == "execution_error":
                    raise AssertionError(msg)
        finally:
            ws.close()
        return "\n".join(texts)

    return asyncio.run(run())


def test_the_server_has_no_console_and_no_other_extension(user_server: tuple[str, str, list[str]]) -> None:
    url, token, lines = user_server
    for path in ("api/terminals", "terminals/websocket/1", "lab", "tree", "notebooks/x.ipynb"):
        assert _get(url + path, token)[0] == 404, path
    assert _get(url + "api/terminals", token, method="POST")[0] in (404, 405)
    loaded = {m.group(1) for line in lines if (m := re.search(r"\] (\S+) \| extension was successfully loaded", line))}
    assert loaded == {"voila.server_extension"}


def test_a_user_cannot_run_code_and_has_few_kernels(user_server: tuple[str, str, list[str]]) -> None:
    url, token, _ = user_server
    status, body, _ = _get(url + "api/kernels", token, method="POST")
    assert status == 201
    kernel = json.loads(body)["id"]
    marker = Path(tempfile.mkdtemp()) / "ran"

    ws_url = url.replace("http://", "ws://") + f"api/kernels/{kernel}/channels?session_id={uuid.uuid4()}"
    kinds = servers.try_to_run_code(ws_url, marker, {"Authorization": f"token {token}"})
    assert "kernel_info_reply" in kinds
    assert "execute_reply" not in kinds and "execute_input" not in kinds
    assert not marker.exists()
    # Kernels up to the cap start; the next one is refused with the cap's words.
    started = [kernel]
    while True:
        status, body, _ = _get(url + "api/kernels", token, method="POST")
        if status != 201:
            break
        started.append(json.loads(body)["id"])
        assert len(started) <= 10
    running = len(json.loads(_get(url + "api/kernels", token)[1]))
    assert status == 503 and "Too many live chapters open" in body and running == 4
    for k in started:
        _get(url + f"api/kernels/{k}", token, method="DELETE")
