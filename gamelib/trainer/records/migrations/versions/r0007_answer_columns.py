"""The trainee's answer and the correct answer named apart: ``answers.given`` becomes
``trainee_answer``, ``answers.right_answer`` becomes ``correct_answer`` (every answer kept as it was).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

#: (old name, new name) of each renamed column of ``answers``.
RENAMED = (("given", "trainee_answer"), ("right_answer", "correct_answer"))


def _rename(pairs: tuple[tuple[str, str], ...]) -> None:
    """Rename columns of ``answers``, every value kept (SQLite: a batch copy of ``answers``, which no
    table points at; PostgreSQL: ``ALTER TABLE ... RENAME COLUMN``)."""
    with op.batch_alter_table("answers") as batch:
        for old, new in pairs:
            batch.alter_column(old, new_column_name=new, existing_type=sa.Text(), existing_nullable=False)


def upgrade() -> None:
    """Rename ``answers.given`` to ``trainee_answer`` and ``answers.right_answer`` to ``correct_answer``."""
    _rename(RENAMED)


def downgrade() -> None:
    """Give them their old names back."""
    _rename(tuple((new, old) for old, new in RENAMED))
