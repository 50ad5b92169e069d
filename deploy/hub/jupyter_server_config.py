# Jupyter Server configuration of each reader's own server on a JupyterHub (issue 12).
#
# The image (deploy/Containerfile) sets JUPYTER_CONFIG_PATH=/srv/handbook/deploy/hub, and the hub
# configurations (deploy/z2jh-values.yaml, deploy/jupyterhub_config.py) pass the same variable, so
# `jupyterhub-singleuser` reads this file. Nothing else should be in this folder: Voilà's server
# extension also reads a `voila.py` from every folder on that path.
#
# What it makes of a user's server: the live book of deploy/serve, and nothing else.
#   /user/NAME/                               -> the static book's contents page (DEFAULT_URL)
#   /user/NAME/voila/files/site/<page>.html   -> every page of the static book
#   /user/NAME/voila/render/chapters/<ch>.ipynb
#                                             -> a chapter live (deploy/live_build.py)
#   /user/NAME/voila/render/chapters/trainer.ipynb -> the staff trainer
# The Voilà settings are deploy/voila.py's (template, file allowlist, no code, no tracebacks, the
# live book's kernel with its limit per click) and trainer/voila.py's (the kernel manager's
# culling); only what differs inside a Jupyter Server is set below.
# There is no JupyterLab, no classic notebook, no file browser and no terminal: every server
# extension found in the Jupyter config folders is turned off except Voilà's (JupyterHub's own,
# which jupyterhub-singleuser starts itself, stays), and terminals are disabled.
#
# What a logged-in user can still do, and why that is acceptable on a staff hub. Inside a Jupyter
# Server a browser reaches Voilà's kernels through the server's kernel API (/api/kernels and its
# websocket). As in the standalone live book, the websocket lets only widget and info messages
# through (allowed_message_types below): an execute request is dropped, so a user cannot run
# code of their own. What remains is Jupyter Server's REST API on the user's own server: start
# and stop kernels (at most MAX_KERNELS at once, each running nothing until Voilà gives it a
# chapter), list and read the files under _build/live (the built book; they belong to root and
# cannot be changed). It is the user's own server, as the unprivileged user 1000, inside the
# memory limit the hub sets, behind the hub's login: nobody reaches another user's server (each
# has its own, and its own token) or the hub. Staff are known, logged-in employees; that is less
# than any JupyterHub gives its users.
#
# Idle kernels are culled and each user's kernels are capped (gamelib/trainer/serving.py): a tab
# closed frees its kernel at once, a kernel no tab is connected to goes after 10 idle minutes,
# and a reader with many tabs open gets a short "too many open" page instead of running their
# server out of memory. The hub's idle culler then stops servers no one uses.
import os
from pathlib import Path

from jupyter_core.paths import jupyter_config_path
from jupyter_server.extension.config import ExtensionConfigManager

from gamelib.trainer.serving import TrainerKernelManager

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

#: The repository inside the image (deploy/Containerfile), or where the hub's host has it.
HANDBOOK = Path(__file__).resolve().parents[2]
#: What deploy/live_build.py builds: chapters/ (live notebooks) and site/ (the static book).
LIVE = Path(os.environ.get("HANDBOOK_LIVE_DIR", HANDBOOK / "_build" / "live"))
#: Where a user lands: the static book's contents page (deploy/serve's front door leads there too).
DEFAULT_URL = "/voila/files/site/index.html"
#: Kernels one user may run at once (about 170 MB each); the server itself takes about 110 MB.
#: 110 MB + 4 x 170 MB = 790 MB, inside the 1G limit of z2jh-values.yaml and jupyterhub_config.py.
MAX_KERNELS = 4
#: Server extensions that stay on: Voilà's (and JupyterHub's, enabled by jupyterhub-singleuser).
KEEP_EXTENSIONS = {"voila.server_extension", "voila", "jupyterhub", "jupyterhub.singleuser.extension"}
#: What the browser may send a kernel: widget and info messages, never code (as Voilà standalone).
ALLOWED_MESSAGE_TYPES = ["comm_open", "comm_close", "comm_msg", "comm_info_request",
                         "kernel_info_request", "shutdown_request"]

# The live book's Voilà settings (deploy/serve's) and the staff trainer's (its kernel manager's
# culling, its "full" page and _xsrf cookie), then what differs inside a Jupyter Server.
load_subconfig(str(HANDBOOK / "trainer" / "voila.py"))  # noqa: F821 (provided by traitlets)
load_subconfig(str(HANDBOOK / "deploy" / "voila.py"))  # noqa: F821 (provided by traitlets)
# Voilà's server extension has no pre-started kernels (deploy/serve's LiveBook has): each page's
# kernel starts when it is opened, and its widgets appear cell by cell.
c.VoilaConfiguration.preheat_kernel = False
c.VoilaConfiguration.progressive_rendering = True
# Kernels over TCP on 127.0.0.1 as in any Jupyter Server: deploy/voila.py's Unix sockets would be
# made in the user's runtime folder under his home, a path that can pass the 107 characters a
# socket's name may have (the kernel then fails to start).
c.KernelManager.transport = "tcp"
# The handbook template (deploy/voila.py) lives in deploy/jupyter; Voilà looks it up on
# JUPYTER_PATH when its extension loads, after this file (deploy/serve sets the same).
os.environ["JUPYTER_PATH"] = os.pathsep.join(
    p for p in (str(HANDBOOK / "deploy" / "jupyter"), os.environ.get("JUPYTER_PATH")) if p)

c.ServerApp.root_dir = str(LIVE)
c.ServerApp.default_url = DEFAULT_URL
c.ServerApp.terminals_enabled = False
# Only Voilà: every other extension enabled by a jupyter_server_config.d/*.json file is turned off
# by name (a list of enabled ones cannot do it: Jupyter Server adds every extension it finds that
# the configuration does not name).
_found = ExtensionConfigManager(read_config_path=jupyter_config_path()).get_jpserver_extensions()
c.ServerApp.jpserver_extensions.update({name: name in KEEP_EXTENSIONS for name in _found})
c.ServerApp.jpserver_extensions.update({"voila.server_extension": True})

# Inside a Jupyter Server, Voilà uses the server's kernel manager, not
# VoilaConfiguration.multi_kernel_manager_class: make it the trainer's, with deploy/voila.py's
# culling, a cap per user, and the browser's messages filtered.
c.ServerApp.kernel_manager_class = TrainerKernelManager
c.TrainerKernelManager.max_kernels = MAX_KERNELS
c.TrainerKernelManager.allowed_message_types = ALLOWED_MESSAGE_TYPES
c.TrainerKernelManager.full_message = "Too many live chapters open, close one"
c.TrainerKernelManager.full_detail = (
    "You have {used} of {limit} live chapters (or trainers) open. Close one of their tabs; the "
    "static book works meanwhile.")
