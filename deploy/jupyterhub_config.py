# The live book and the staff trainer on a casino's existing JupyterHub (issue 12).
# Zero to JupyterHub on Kubernetes: use deploy/z2jh-values.yaml instead (the same settings).
#
# Merge it into the hub's own configuration, at its end:
#     load_subconfig("/srv/handbook/deploy/jupyterhub_config.py")
# It keeps the hub's authenticator, spawner, services and roles, and adds:
#   - where each user's server starts (the static book's contents page; the trainer and every
#     chapter live are a click away) and how it starts (the single-user server configured by
#     deploy/hub/jupyter_server_config.py: Voilà only, no code console);
#   - the memory each user's server may use;
#   - the idle culler, a hub service that stops servers unused for CULL_TIMEOUT seconds, named
#     "handbook-idle-culler" (service and role), so that a hub that already runs its own
#     "idle-culler" keeps it and starts (two roles of one name stop JupyterHub from starting).
#     Install it where the hub runs: pip install -r deploy/requirements-hub-server.txt
#
# The single-user servers run the image built from deploy/Containerfile (DockerSpawner,
# KubeSpawner) or, with a spawner that starts local processes (LocalProcessSpawner,
# SystemdSpawner), a checkout of this repository at HANDBOOK on the hub's machine, set up as the
# image is: `bash .ci/setup`, `.venv/bin/pip install -r deploy/requirements-hub.txt`,
# `bash .ci/book`, `.venv/bin/python deploy/live_build.py`. The same paths serve both.
import os
import sys

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

#: The image built from deploy/Containerfile, pushed where the hub's nodes pull from: a fixed tag
#: (a new build gets a new tag), never "latest", so that every user's server runs the same book.
IMAGE = "registry.example.org/poker-handbook:1.0.0"
#: The repository, in the image and on a hub host alike.
HANDBOOK = "/srv/handbook"
#: Where a user lands (also the single-user server's own default).
DEFAULT_URL = "/voila/files/site/index.html"
#: Memory per user's server: the server (about 110 MB) and up to 4 kernels of about 170 MB
#: (deploy/hub/jupyter_server_config.py caps them at 4 per user): 790 MB at most, and most readers
#: have one chapter open (280 MB). Enforced by DockerSpawner, KubeSpawner and SystemdSpawner.
MEM_LIMIT = "1G"
MEM_GUARANTEE = "300M"
#: A server with no activity (no open live chapter talking to its kernel, no page loaded) for this
#: long is stopped; the reader's next visit starts a new one in a few seconds.
CULL_TIMEOUT = 3600
#: How often the culler looks (seconds).
CULL_EVERY = 300
#: The culler's service and role: not "idle-culler", which a hub often has already.
CULLER = "handbook-idle-culler"
#: The staff trainer's records: every user's server writes to ONE database, since a user's server
#: keeps no disk and the supervisor must see everyone. Give the hub the SQLAlchemy URL of the
#: casino's PostgreSQL in HANDBOOK_TRAINER_DB (it reaches the user servers as GAMELIB_TRAINER_DB);
#: without it a user's answers would go to a SQLite file inside his server, lost when it stops.
TRAINER_DB = os.environ.get("HANDBOOK_TRAINER_DB", "")
#: The trainer's settings (supervisors, the supervisors' password hash), a file each user's server
#: reads: mount it there (DockerSpawner.volumes below; a local-process spawner reads the host's).
TRAINER_CONFIG_DIR = "/etc/handbook"
TRAINER_CONFIG = f"{TRAINER_CONFIG_DIR}/trainer.toml"

c.Spawner.default_url = DEFAULT_URL
c.Spawner.cmd = [f"{HANDBOOK}/.venv/bin/jupyterhub-singleuser"]
# Where the single-user server finds deploy/hub/jupyter_server_config.py (the image sets it too).
c.Spawner.environment.update({"JUPYTER_CONFIG_PATH": f"{HANDBOOK}/deploy/hub",
                              "GAMELIB_TRAINER_CONFIG": TRAINER_CONFIG})
if TRAINER_DB:
    c.Spawner.environment.update({"GAMELIB_TRAINER_DB": TRAINER_DB})
else:
    print("deploy/jupyterhub_config.py: HANDBOOK_TRAINER_DB is not set: the trainer's records would stay "
          "inside each user's server; set it to the casino's PostgreSQL URL", file=sys.stderr)
c.Spawner.mem_limit = MEM_LIMIT
c.Spawner.mem_guarantee = MEM_GUARANTEE

# The image, for whichever container spawner the hub uses (a setting for a spawner that is not
# in use is ignored). The image's user is jovyan, uid 1000; its command is jupyterhub-singleuser.
c.DockerSpawner.image = IMAGE
c.DockerSpawner.volumes = {TRAINER_CONFIG_DIR: {"bind": TRAINER_CONFIG_DIR, "mode": "ro"}}
c.KubeSpawner.image = IMAGE
c.KubeSpawner.uid = 1000

# The idle culler, as a hub service with only the permissions it needs.
c.JupyterHub.services.append({
    "name": CULLER,
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={CULL_TIMEOUT}", f"--cull-every={CULL_EVERY}"],
})
c.JupyterHub.load_roles.append({
    "name": CULLER,
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": [CULLER],
})
