"""The training records: every answered question kept in a database, exams, and what the
supervisor's view reads.

* ``config`` -- where the data lives and who may see it (environment and ``trainer.toml``);
* ``models`` -- the tables (SQLAlchemy 2), versioned by the Alembic revisions in ``migrations/``;
* ``database`` -- the engine, the migrations, and the sessions that read and write;
* ``availability`` -- what a trainee reads when the database cannot be reached
  (:class:`RecordsUnavailable`: nothing was stored), the writers' queue's time limit, and the
  check that the SQLite file under a running store is still the one it opened;
* ``identity`` -- who is answering (typed in, or vouched for by the hub or the proxy);
* ``rows`` -- what the records give back (an answer, an attempt, an exam being sat);
* ``store`` -- the repository interface: :class:`Store`, which hands out
  :class:`TraineeRecords` (``trainee``: one trainee's own records) and
  :class:`SupervisorRecords` (``supervising``: everything, behind the supervisors' credential);
* ``exams`` -- an exam's questions, the same for everyone, and the exact pass rule;
* ``report`` -- the supervisor's tables, plots, CSV and Excel exports, and the certificate.
* ``backup`` -- an online backup of a SQLite database that refuses the live file as its target.

``python -m gamelib.trainer.records`` upgrades the database, makes a password hash for the
configuration, and backs a SQLite database up while the trainer runs.

>>> store = Store("sqlite://")
>>> store.trainee(sign_in(name="Ana")).totals()
(0, 0)
"""

from .availability import RecordsUnavailable
from .config import RecordsConfig, check_password, hash_password, load_config
from .exams import ExamSpec, exam_questions, passes
from .identity import AccessDenied, Identity, TrainingRecordsError, identity_from_environment, sign_in
from .rows import AnswerRecord, AttemptRecord, ExamSitting, question_text
from .store import Store
from .supervising import SupervisorRecords
from .trainee import TraineeRecords

__all__ = ["RecordsConfig", "load_config", "hash_password", "check_password", "ExamSpec", "exam_questions", "passes",
           "Store", "TraineeRecords", "SupervisorRecords", "Identity", "AnswerRecord", "AttemptRecord", "ExamSitting",
           "AccessDenied", "TrainingRecordsError", "RecordsUnavailable", "sign_in", "identity_from_environment",
           "question_text"]
