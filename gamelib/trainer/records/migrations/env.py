"""Alembic's environment for the training records: it migrates the connection that
:func:`gamelib.trainer.records.database.upgrade` passes in ``config.attributes["connection"]``.

Imported outside Alembic (as ``pytest --doctest-modules`` imports every module) it does nothing.
"""

from __future__ import annotations

from alembic import context

from gamelib.trainer.records.models import Base


def run(config: object) -> None:
    """Run the pending migrations on the connection Alembic was handed."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


_config: object | None
try:
    _config = context.config
except (NameError, AttributeError):  # not run by Alembic: no proxy has been set up
    _config = None
if _config is not None:
    run(_config)
