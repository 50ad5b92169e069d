"""An attempt's pass or fail is derived from its score and the exam's pass mark, not stored.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Drop ``attempts.passed`` (``exams.passes(right, questions, pass_mark)`` gives it)."""
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("passed")


def downgrade() -> None:
    """Bring the column back, filled from each finished attempt's score and its exam's pass mark."""
    with op.batch_alter_table("attempts") as batch:
        batch.add_column(sa.Column("passed", sa.Boolean, nullable=True))
    op.execute("UPDATE attempts SET passed = (100 * \"right\" >= (SELECT pass_mark * questions FROM exams "
               "WHERE exams.id = attempts.exam_id)) WHERE \"right\" IS NOT NULL")
