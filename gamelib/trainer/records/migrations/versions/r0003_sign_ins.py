"""The supervisors' sign-ins: every password tried for the supervisor's view, right or wrong.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``supervisor_sign_ins`` (empty: nothing was logged before)."""
    op.create_table(
        "supervisor_sign_ins",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("who", sa.String(200), nullable=False),
        sa.Column("ok", sa.Boolean, nullable=False),
    )
    op.create_index("ix_supervisor_sign_ins_at", "supervisor_sign_ins", ["at"])


def downgrade() -> None:
    """Drop the sign-in log."""
    op.drop_index("ix_supervisor_sign_ins_at", table_name="supervisor_sign_ins")
    op.drop_table("supervisor_sign_ins")
