# Voilà configuration for the staff trainer app (trainer/trainer.ipynb, the trainer on a server of its
# own, apart from the public live book); the README's command loads it with
# --Voila.config_file_paths=trainer (a path relative to the repository root).
# Any value here can be overridden on the command line, e.g. --TrainerKernelManager.max_kernels=60.
#
# Voilà starts one Python kernel (about 170 MB) per page view and, by default, never frees it.
# gamelib/trainer/serving.py explains the two pieces selected here.
from gamelib.trainer.records import load_config
from gamelib.trainer.serving import TrainerKernelManager, prelaunch_hook

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

# How staff sign in, from trainer.toml (auth: "accounts", "hub" or "proxy"; trusted_proxies: the
# reverse proxies whose user header and X-Forwarded-For are believed). A request header reaches a
# kernel only from a trusted proxy; with auth = "proxy" nobody else gets a kernel at all (403).
_records = load_config()
c.TrainerKernelManager.auth = _records.auth
c.TrainerKernelManager.trusted_proxies = list(_records.trusted_proxies)
if _records.auth == "proxy" and _records.user_header:
    c.VoilaConfiguration.http_header_envs = [_records.user_header]

# One kernel per trainee, culled when idle, capped in number.
c.VoilaConfiguration.multi_kernel_manager_class = TrainerKernelManager
# A kernel with no open tab and no activity for this long is shut down (seconds) ...
c.TrainerKernelManager.cull_idle_timeout = 600
# ... checked this often (seconds).
c.TrainerKernelManager.cull_interval = 60
# An open tab keeps its kernel however long the trainee thinks.
c.TrainerKernelManager.cull_connected = False
# At most this many kernels (trainees) at once; the next page view gets the "full" page (HTTP 503).
# About 170 MB each: 40 kernels is about 7 GB.
c.TrainerKernelManager.max_kernels = 40

# Before each page view's kernel starts: the "trainer is full, try again shortly" page when at the
# cap, and the _xsrf cookie that lets a closed tab shut its kernel down at once.
c.VoilaConfiguration.prelaunch_hook = prelaunch_hook

# No pre-started kernels: a pool would hold memory for trainees who have not come
# (and Voilà refuses preheat_kernel together with a prelaunch_hook).
c.VoilaConfiguration.preheat_kernel = False

# Under load (a class opening the trainer at once on a small server) the kernel's display of the
# trainer widget can reach Voilà seconds after the cell's reply. Voilà's default waits 4 s for it,
# then drops it with "Timeout waiting for IOPub output", and the trainee sees the chapter's text
# but no trainer (seen with 30 trainees arriving together on 2 cores). Wait longer instead.
c.VoilaExecutor.iopub_timeout = 120
# Likewise give a kernel more than the default 60 s to start when many start together.
c.VoilaExecutor.startup_timeout = 180
