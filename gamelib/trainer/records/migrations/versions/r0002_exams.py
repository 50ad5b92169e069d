"""Exams: the exams, their attempts, and an answer's attempt and place in it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``exams`` and ``attempts``; add ``attempt_id`` and ``position`` to ``answers``
    (kept empty for the answers already there: they were practice)."""
    op.create_table(
        "exams",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("games", sa.Text, nullable=False),
        sa.Column("drills", sa.Text, nullable=False),
        sa.Column("focus", sa.String(40), nullable=False),
        sa.Column("questions", sa.Integer, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("pass_mark", sa.Integer, nullable=False),
        sa.Column("time_limit", sa.Integer, nullable=True),
        sa.Column("created_by", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("exam_id", sa.Integer, sa.ForeignKey("exams.id"), nullable=False),
        sa.Column("trainee_id", sa.Integer, sa.ForeignKey("trainees.id"), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("right", sa.Integer, nullable=True),
        sa.Column("passed", sa.Boolean, nullable=True),
    )
    op.create_index("ix_attempts_trainee", "attempts", ["trainee_id"])
    with op.batch_alter_table("answers") as batch:
        batch.add_column(sa.Column("attempt_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("position", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_answers_attempt", "attempts", ["attempt_id"], ["id"])
        batch.create_index("ix_answers_attempt", ["attempt_id"])


def downgrade() -> None:
    """Remove them again (an exam's answers stay, as practice)."""
    with op.batch_alter_table("answers") as batch:
        batch.drop_index("ix_answers_attempt")
        batch.drop_constraint("fk_answers_attempt", type_="foreignkey")
        batch.drop_column("position")
        batch.drop_column("attempt_id")
    op.drop_index("ix_attempts_trainee", "attempts")
    op.drop_table("attempts")
    op.drop_table("exams")
