"""Sphinx extension: a page's header buttons offer only what works (issue 24).

Loaded through ``sphinx: local_extensions`` in ``_config.yml``.

* **Launch (the rocket).** Shown only when a JupyterHub (or BinderHub) is configured: by
  ``launch_buttons.jupyterhub_url`` in ``_config.yml`` (empty by default), or at build time by the
  environment variable ``HANDBOOK_JUPYTERHUB_URL`` (and ``HANDBOOK_REPOSITORY_URL`` for the
  repository the hub clones, else ``repository.url``). A hub URL that is not ``http(s)://``, or
  a hub with the repository left at its placeholder (``your-casino``), fails the build with a
  sentence saying what to set: a rocket that leads to an error page is worse than none.
* **Download.** The theme offers the page's source file; for a chapter that is the ``.ipynb``
  notebook, which a reader cannot use (it needs this project to run) and which the live book's
  server refuses (Voilà serves no notebook as a file: 403). That item is dropped; the ``.pdf``
  (the browser's print) and a Markdown page's ``.md`` source, which work everywhere, stay.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError

HUB_VARIABLE = "HANDBOOK_JUPYTERHUB_URL"
REPOSITORY_VARIABLE = "HANDBOOK_REPOSITORY_URL"
#: The repository URL _config.yml ships with, to be replaced by a casino's own clone.
PLACEHOLDER = "your-casino"


def launch_options(theme_options: Mapping[str, Any], environ: Mapping[str, str]) -> dict[str, Any]:
    """The theme options with the launch settings the build should use: the environment's hub
    and repository over ``_config.yml``'s; a ``ConfigError`` for a hub that could not work.

    >>> launch_options({"launch_buttons": {"jupyterhub_url": ""}}, {})["launch_buttons"]
    {'jupyterhub_url': ''}
    """
    options = dict(theme_options)
    launch = dict(options.get("launch_buttons") or {})
    if environ.get(HUB_VARIABLE, "").strip():
        launch["jupyterhub_url"] = environ[HUB_VARIABLE].strip()
    if environ.get(REPOSITORY_VARIABLE, "").strip():
        options["repository_url"] = environ[REPOSITORY_VARIABLE].strip()
    options["launch_buttons"] = launch
    for key in ("jupyterhub_url", "binderhub_url"):
        url = str(launch.get(key) or "")
        if not url:
            continue
        if not url.startswith(("https://", "http://")):
            raise ConfigError(f"launch_buttons.{key} {url!r} is not a web address (https://...)")
        if PLACEHOLDER in str(options.get("repository_url") or ""):
            raise ConfigError(
                f"launch_buttons.{key} is set but repository.url is still the placeholder "
                f"{options.get('repository_url')!r}: set it (or {REPOSITORY_VARIABLE}) to the clone of "
                "this repository your hub can pull, or leave the hub empty for no launch button")
    return options


def _configure_launch(app: Sphinx, config: Config) -> None:
    config.html_theme_options = launch_options(config.html_theme_options or {}, os.environ)


def working_downloads(buttons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The theme's header buttons without the download of a notebook file (see the module docstring).

    >>> group = {"label": "download-buttons", "buttons": [
    ...     {"label": "download-source-button", "text": ".ipynb"}, {"label": "download-pdf-button", "text": ".pdf"}]}
    >>> [b["text"] for b in working_downloads([group])[0]["buttons"]]
    ['.pdf']
    """
    out = []
    for button in buttons:
        if button.get("label") == "download-buttons":
            kept = [b for b in button.get("buttons", [])
                    if b.get("label") != "download-notebook-button" and b.get("text") != ".ipynb"]
            button = {**button, "buttons": kept}
        out.append(button)
    return out


def _drop_notebook_downloads(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                             doctree: Any) -> None:
    buttons = context.get("header_buttons")
    if isinstance(buttons, list):
        context["header_buttons"] = working_downloads(buttons)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("config-inited", _configure_launch)
    # After the theme has added its buttons (sphinx-book-theme: priority 501).
    app.connect("html-page-context", _drop_notebook_downloads, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
