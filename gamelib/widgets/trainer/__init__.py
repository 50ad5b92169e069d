"""The trainer's widgets: the drill quiz, the trainer app (sign-in, exams) and the supervisor's view.

- :mod:`.quiz`: :class:`TrainerWidget`, drills answered and scored in a notebook;
- :mod:`.exam`: :class:`ExamPanel`, sitting an exam;
- :mod:`.app`: :class:`TrainerApp`, the staff trainer with sign-in, records and exams;
- :mod:`.supervisor`: :class:`SupervisorView`, the training records for supervisors.
"""

from __future__ import annotations

from .app import TrainerApp
from .exam import ExamPanel, history_html, result_line_html
from .quiz import (
                   FOCUS_WORDS,
                   TrainerWidget,
                   answer_input,
                   csv_link_html,
                   example_html,
                   fill_inputs,
                   question_html,
                   read_inputs,
                   result_html,
                   score_html,
)
from .supervisor import SupervisorView, answers_table_html, attempts_table_html, frame_html

__all__ = ['TrainerWidget', 'answer_input', 'read_inputs', 'fill_inputs', 'example_html', 'question_html',
           'result_html', 'score_html', 'csv_link_html', 'FOCUS_WORDS', 'TrainerApp', 'ExamPanel', 'result_line_html',
           'history_html', 'SupervisorView', 'answers_table_html', 'attempts_table_html', 'frame_html']
