# Configuration of the live book's server (deploy/serve runs deploy/live_server.py, Voilà's own
# application made fit for strangers, with --Voila.config_file_paths=deploy). It serves, from
# _build/live (written by deploy/live_build.py):
#   /                                  -> the front door: the book, the live chapters (and the
#                                         staff trainer, only with LiveBook.serve_trainer)
#   /voila/files/site/<page>.html      -> the static book, every page (allowlisted below)
#   /voila/render/chapters/<ch>.ipynb  -> a chapter live: its prose, its widgets running
# and nothing else (deploy/live_server.py says what is refused, and why).
# A reader can use every widget but cannot run code: Voilà executes only the notebook it renders
# and its kernels accept widget messages from the browser, never execute requests.
# Any value can be overridden on the command line, e.g. bash deploy/serve --LiveBook.max_kernels=60.
# deploy/hub/jupyter_server_config.py loads this file too (a JupyterHub user's server): there the
# LiveBook settings do nothing, the VoilaConfiguration ones apply.
c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

# Where it listens (deploy/serve's arguments override these: --port=8080 --Voila.ip=0.0.0.0).
# A taken port stops the server with a message (it never moves to another port).
c.Voila.port = 8866
c.Voila.ip = "127.0.0.1"
c.Voila.open_browser = False
c.Voila.port_retries = 0

# The handbook's template: Voilà's lab template without its Font Awesome CDN links, jumping to
# the widget an "Open live" link names. It lives in deploy/jupyter (deploy/serve puts that on
# JUPYTER_PATH). No other template or theme: ?template= and ?theme= are not obeyed.
c.VoilaConfiguration.template = "handbook"
c.VoilaConfiguration.allow_template_override = "NO"
c.VoilaConfiguration.allow_theme_override = "NO"


def no_math(page_config, base_url, settings, log, voila_configuration, notebook_path):  # noqa: ANN001, ANN201
    """No typesetting in a live page: Voila's typesetter loads the template's no-math.js (see it)
    instead of 900 kB of MathJax (the frontend's MathJax 2 plugin loads "fullMathjaxUrl")."""
    page_config["fullMathjaxUrl"] = base_url.rstrip("/") + "/voila/templates/handbook/static/no-math.js"
    page_config["mathjaxConfig"] = "none"
    return page_config


c.VoilaConfiguration.page_config_hook = no_math
# Not the JupyterLab extension for Pygments' colours: a live page shows no code.
c.VoilaConfiguration.extension_denylist = ["jupyterlab_pygments"]
# Never the notebook's code, never a traceback (a reader sees "There was an error" instead).
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False
# The static book under site/: its pages, scripts, styles, fonts and images; never a notebook
# or a Python file (the denylist keeps Voilà's default), nothing outside site/.
c.VoilaConfiguration.file_allowlist = [r"site/.*"]
c.VoilaConfiguration.file_denylist = [r".*\.(ipynb|py)", r".*/\..*"]

# Pre-started kernels: each live chapter has LiveBook.pool_size kernels that have already run it
# (LiveBook.pool_sizes for a chapter a class is about to open, e.g. {"banked/crazy4": 20}), sized
# down to the memory free; a reader's page is served from one at once. Voilà renders a
# pre-started chapter whole, so progressive rendering is off.
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.progressive_rendering = False
c.LiveBook.pool_size = 1
c.LiveBook.pool_memory_fraction = 0.5

# The readers' kernels: at most 40 at once (then "The live book is full", HTTP 503) and 10 per
# client (then "Too many live chapters open", HTTP 429; readers behind one NAT address share it);
# a kernel whose page never connects goes after 30 s, one whose page has gone after 120 s, busy
# or not; one click may use 10 s of CPU. The client is X-Forwarded-For's when the request comes
# from a trusted proxy (by default this machine: a reverse proxy in front of deploy/serve).
c.LiveBook.max_kernels = 40
c.LiveBook.kernels_per_client = 10
c.LiveBook.unclaimed_timeout = 30
c.LiveBook.detached_timeout = 120
c.LiveBook.click_cpu_seconds = 10
c.LiveBook.trusted_proxies = ["127.0.0.1", "::1"]

# The staff trainer is not part of the public live book (issue 21: it signs staff in). Serve it
# from this server too with --LiveBook.serve_trainer=True.
c.LiveBook.serve_trainer = False

# The kernels talk to the server over Unix sockets in the server's own connection folder (mode
# 0700), not over TCP ports of 127.0.0.1 that any local account could reach.
c.KernelManager.transport = "ipc"

# Under load (a class opening chapters at once on a small server) a kernel's display of a widget
# can reach Voilà seconds after the cell's reply; Voilà's default waits 4 s for it and then drops
# it. Wait longer, and give a kernel more than the default 60 s to start.
c.VoilaExecutor.iopub_timeout = 120
c.VoilaExecutor.startup_timeout = 180
