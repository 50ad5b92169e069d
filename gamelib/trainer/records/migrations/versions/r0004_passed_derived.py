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


def drop_column(table: str, column: str) -> None:
    """Drop a column in place: SQLite's own ``ALTER TABLE ... DROP COLUMN`` (3.35 and later), not
    Alembic's batch copy of the table, which a table other tables point at cannot go through
    while foreign keys are checked."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f'ALTER TABLE {table} DROP COLUMN "{column}"')
    else:
        op.drop_column(table, column)


def upgrade() -> None:
    """Drop ``attempts.passed`` (``exams.passes(right, questions, pass_mark)`` gives it)."""
    drop_column("attempts", "passed")


def downgrade() -> None:
    """Bring the column back, filled from each finished attempt's score and its exam's pass mark."""
    op.add_column("attempts", sa.Column("passed", sa.Boolean, nullable=True))
    op.execute("UPDATE attempts SET passed = (100 * \"right\" >= (SELECT pass_mark * questions FROM exams "
               "WHERE exams.id = attempts.exam_id)) WHERE \"right\" IS NOT NULL")
