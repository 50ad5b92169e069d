"""Local accounts: a trainee's password, set at his first sign-in (an argon2 hash).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``trainees.password_hash`` (empty: no password set yet)."""
    op.add_column("trainees", sa.Column("password_hash", sa.Text, nullable=True))


def downgrade() -> None:
    """Drop it (SQLite's own ``DROP COLUMN``: ``trainees`` is pointed at by other tables)."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute('ALTER TABLE trainees DROP COLUMN "password_hash"')
    else:
        op.drop_column("trainees", "password_hash")
