# Voilà configuration of the live book (deploy/serve loads it with --Voila.config_file_paths=deploy).
# It serves, from _build/live (written by deploy/live_build.py):
#   /                                  -> the book's contents page (template "handbook", tree page)
#   /voila/files/site/<page>.html      -> the static book, every page (allowlisted below)
#   /voila/render/chapters/<ch>.ipynb  -> a chapter live: its prose, its widgets running
#   /voila/render/chapters/trainer.ipynb -> the staff trainer
# A reader can use every widget but cannot run code: Voilà executes only the notebook it renders
# and its kernels accept widget messages from the browser, never execute requests.
# Any value can be overridden on the command line, e.g. --TrainerKernelManager.max_kernels=60.
from pathlib import Path

c = get_config()  # noqa: F821 (provided by traitlets when it loads this file)

# Where it listens (deploy/serve's arguments override these: --port=8080 --Voila.ip=0.0.0.0).
c.Voila.port = 8866
c.Voila.ip = "127.0.0.1"
c.Voila.open_browser = False

# The handbook's template: Voilà's lab template without its Font Awesome CDN links, and a front
# door that opens the book. It lives in deploy/jupyter (deploy/serve puts that on JUPYTER_PATH).
c.VoilaConfiguration.template = "handbook"
# Never the notebook's code, never a traceback (a reader sees "There was an error" instead).
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False
# The static book under site/: its pages, scripts, styles, fonts and images; never a notebook
# or a Python file (the denylist keeps Voilà's default), nothing outside site/.
c.VoilaConfiguration.file_allowlist = [r"site/.*"]
c.VoilaConfiguration.file_denylist = [r".*\.(ipynb|py)", r".*/\..*"]

# One kernel per open live chapter (about 170 MB), culled when idle, capped in number, the "full"
# page, the _xsrf cookie, no pre-started kernels, patience with slow kernels: the staff trainer's
# settings (trainer/voila.py), loaded rather than copied, with the live book's words when full.
load_subconfig(str(Path(__file__).resolve().parents[1] / "trainer" / "voila.py"))  # noqa: F821 (provided by traitlets)
c.TrainerKernelManager.full_message = "The live book is full, try again shortly"
c.TrainerKernelManager.full_detail = (
    "Every live seat is taken ({used} of {limit} open chapters). A seat frees up when a reader closes a "
    "live chapter's tab; the static book works meanwhile.")

# Show the prose and each widget as soon as its cell has run, not when the whole chapter has:
# a reader can use the first widgets while the later ones are still being made.
c.VoilaConfiguration.progressive_rendering = True
