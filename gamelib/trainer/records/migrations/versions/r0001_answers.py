"""The first records: trainees and their answered questions.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``trainees`` and ``answers``."""
    op.create_table(
        "trainees",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("login", sa.String(200), nullable=False, unique=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("employee_no", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "answers",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("trainee_id", sa.Integer, sa.ForeignKey("trainees.id"), nullable=False),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("drill", sa.String(40), nullable=False),
        sa.Column("focus", sa.String(40), nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("given", sa.Text, nullable=False),
        sa.Column("right_answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("ms", sa.Integer, nullable=False),
    )
    op.create_index("ix_answers_trainee", "answers", ["trainee_id", "answered_at"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_answers_trainee", "answers")
    op.drop_table("answers")
    op.drop_table("trainees")
