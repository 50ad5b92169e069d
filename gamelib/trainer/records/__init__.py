"""The training records: every answered question kept in a database, exams, and what the
supervisor's view reads (issue 13).

* ``config`` -- where the data lives and who may see it (environment and ``trainer.toml``);
* ``models`` -- the tables (SQLAlchemy 2), versioned by the Alembic revisions in ``migrations/``;
* ``store`` -- the database and its repository interface: :class:`Store`,
  :class:`TraineeRecords` (one trainee's own records), :class:`SupervisorRecords` (everything,
  behind the supervisors' credential);
* ``exams`` -- an exam's questions, the same for everyone, and the exact pass rule;
* ``report`` -- the supervisor's tables, plots, CSV and Excel exports, and the certificate.

``python -m gamelib.trainer.records`` upgrades the database, makes a password hash for the
configuration, and backs a SQLite database up while the trainer runs.

>>> store = Store("sqlite://")
>>> store.trainee(sign_in(name="Ana")).totals()
(0, 0)
"""

from .config import RecordsConfig, check_password, hash_password, load_config
from .exams import ExamSpec, exam_questions, passes
from .store import (AccessDenied, AnswerRecord, AttemptRecord, ExamSitting, Identity, RecordsError, Store,
                    SupervisorRecords, TraineeRecords, identity_from_environment, question_text, sign_in)

__all__ = ["RecordsConfig", "load_config", "hash_password", "check_password", "ExamSpec", "exam_questions", "passes",
           "Store", "TraineeRecords", "SupervisorRecords", "Identity", "AnswerRecord", "AttemptRecord", "ExamSitting",
           "AccessDenied", "RecordsError", "sign_in", "identity_from_environment", "question_text"]
