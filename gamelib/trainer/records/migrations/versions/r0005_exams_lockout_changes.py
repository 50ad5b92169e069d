"""Exams that measure, a lockout per source, names that only supervisors change.

* ``exams``: ``max_attempts`` (per trainee) and ``cooldown`` (seconds between attempts), both
  empty for the exams already there (no limit, as before);
* ``attempts``: ``draw``, the attempt's secret draw from the exam's pool (empty for the attempts
  already there: they were dealt from the exam's seed, and are scored as they were);
* ``supervisor_sign_ins``: ``address`` (where the try came from) and ``checked`` (false for a try
  the lockout refused without checking it); the tries already logged were all checked;
* ``trainee_changes``: the log of every change of a trainee's name or employee number;
* ``answers.seed`` becomes a 64-bit integer (an attempt's questions are dealt from seeds above 2**40).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def drop_column(table: str, column: str) -> None:
    """Drop a column in place (SQLite's own ``DROP COLUMN``: ``exams`` and ``attempts`` are pointed
    at by other tables, so Alembic's batch copy of them cannot run while foreign keys are checked)."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f'ALTER TABLE {table} DROP COLUMN "{column}"')
    else:
        op.drop_column(table, column)


def upgrade() -> None:
    """Add the columns and the change log (every record kept as it was)."""
    op.add_column("exams", sa.Column("max_attempts", sa.Integer, nullable=True))
    op.add_column("exams", sa.Column("cooldown", sa.Integer, nullable=True))
    op.add_column("attempts", sa.Column("draw", sa.BigInteger, nullable=True))
    op.add_column("supervisor_sign_ins", sa.Column("address", sa.String(100), nullable=False, server_default=""))
    op.add_column("supervisor_sign_ins", sa.Column("checked", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_table(
        "trainee_changes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("trainee_id", sa.Integer, sa.ForeignKey("trainees.id"), nullable=False),
        sa.Column("by", sa.String(200), nullable=False),
        sa.Column("field", sa.String(40), nullable=False),
        sa.Column("old", sa.String(200), nullable=False),
        sa.Column("new", sa.String(200), nullable=False),
    )
    op.create_index("ix_trainee_changes_trainee", "trainee_changes", ["trainee_id"])
    _seed_type(sa.Integer, sa.BigInteger)


def _seed_type(old: type[sa.types.TypeEngine[int]], new: type[sa.types.TypeEngine[int]]) -> None:
    """``answers.seed`` from ``old`` to ``new`` (SQLite: a batch copy of ``answers``, which no
    table points at; its integers are 64-bit either way)."""
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table("answers") as batch:
            batch.alter_column("seed", type_=new(), existing_type=old(), existing_nullable=False)
    else:
        op.alter_column("answers", "seed", type_=new(), existing_type=old(), existing_nullable=False)


def downgrade() -> None:
    """Remove them again (the change log is lost; names stay as they are; a seed of a drawn exam
    question does not fit the old column: downgrade only a database without drawn attempts)."""
    _seed_type(sa.BigInteger, sa.Integer)
    op.drop_index("ix_trainee_changes_trainee", table_name="trainee_changes")
    op.drop_table("trainee_changes")
    for table, column in (("supervisor_sign_ins", "checked"), ("supervisor_sign_ins", "address"),
                          ("attempts", "draw"), ("exams", "cooldown"), ("exams", "max_attempts")):
        drop_column(table, column)
