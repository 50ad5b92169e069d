"""The pieces every drill shares: a question, its answer fields, the checked result.

A :class:`Question` holds what the trainee sees (``prompt``, pictured ``cards``, ``facts``) and
the ``fields`` to fill in; the correct answer (``correct_answer``) and the reason in words
(``explanation``) were computed by the engine when the question was dealt, so checking the
trainee's answer is a comparison, far under a millisecond. :func:`check_answer` compares and
returns a :class:`Result`, which holds both: ``trainee_answer`` and the question's ``correct_answer``.

>>> q = Question("read-hand", "badugi", 1, "any", "Name the hand.", (), (),
...              (Field("value", "Value", "choice", ("a", "b")),), {"value": "a"}, "because")
>>> check_answer(q, "a").correct, check_answer(q, {"value": "b"}).correct
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..amounts import parse_dollars
from ..errors import GameError, shown

#: Field kinds: pick one option, pick any number of options, or type whole dollars.
FIELD_KINDS = ("choice", "multi", "dollars")

#: A field's value as it is stored (``Field.normalize``, and each question's correct answer): the
#: option chosen (``choice``), the options chosen (``multi``), or whole dollars (``dollars``).
FieldValue = str | frozenset[str] | int


@dataclass(frozen=True)
class Field:
    """One thing the trainee answers: a ``choice`` (one option), ``multi`` (any options, an
    ``exclusive`` option standing alone, e.g. "nobody") or ``dollars`` (a whole number).

    >>> Field("seat", "Who brings in?", "choice", ("seat 0", "seat 1")).options
    ('seat 0', 'seat 1')
    """

    name: str
    label: str
    kind: str
    options: tuple[str, ...] = ()
    exclusive: str = ""

    def normalize(self, value: object) -> FieldValue:
        """The value the trainee's side sent, in the form the correct answer is stored (refused if
        impossible).

        >>> Field("w", "Winners", "multi", ("seat 0", "seat 1")).normalize(["seat 1"])
        frozenset({'seat 1'})
        """
        if self.kind == "dollars":
            return parse_dollars(value, self.label, lo=None)
        if self.kind == "multi":
            if isinstance(value, str):
                value = [value] if value else []
            if not isinstance(value, Iterable):
                raise GameError(f"{self.label}: tick any of the options, not {shown(value)}")
            chosen = frozenset(str(v) for v in value)
            bad = sorted(chosen - set(self.options))
            if bad:
                raise GameError(f"{self.label}: {', '.join(bad)} is not an option; the options are: "
                                + ", ".join(self.options))
            return chosen
        value = str(value)
        if value not in self.options:
            raise GameError(f"{self.label}: {shown(value)} is not an option; the options are: "
                            + ", ".join(self.options))
        return value


@dataclass(frozen=True)
class Question:
    """One dealt situation and what to answer about it.

    ``cards`` is a tuple of ``(label, cards)`` pairs to picture; ``facts`` lines of text (the
    wagers, the pot, the hand history); ``correct_answer`` maps each field name to the correct
    value; ``explanation`` says why, in words.
    """

    drill: str
    game: str
    seed: int
    focus: str
    prompt: str
    cards: tuple[tuple[str, tuple[int, ...]], ...]
    facts: tuple[str, ...]
    fields: tuple[Field, ...]
    correct_answer: Mapping[str, FieldValue]
    explanation: str
    #: What else the drill that dealt the question keeps (the hand, the pots, the best cards),
    #: for the widgets that picture it: each drill its own names and types, so read as ``Any``.
    meta: Mapping[str, Any] = field(default_factory=dict)

    def answer_text(self, answer: Mapping[str, FieldValue | None]) -> str:
        """An answer to this question (its ``correct_answer``, or a trainee's) written as one line.

        >>> q = Question("x", "g", 0, "any", "p", (), (), (Field("d", "Seat 0", "dollars"),), {"d": 5}, "")
        >>> q.answer_text(q.correct_answer), q.answer_text({"d": None})
        ('Seat 0: $5', 'Seat 0: ?')
        """
        parts = []
        for f in self.fields:
            v = answer.get(f.name)
            if v is None:
                text = "?"
            elif f.kind == "dollars" and isinstance(v, int):
                text = f"-${-v}" if v < 0 else f"${v}"
            elif f.kind == "multi" and isinstance(v, frozenset):
                text = " and ".join(o for o in f.options if o in v) or "none"
            else:
                text = str(v)
            parts.append(f"{f.label}: {text}")
        return "; ".join(parts)


@dataclass(frozen=True)
class Result:
    """The verdict on the trainee's answer: whether it is ``correct``, the fields got wrong, why;
    the correct answer is the question's (``question.correct_answer``)."""

    question: Question
    #: The trainee's answer as normalized, field by field (``None``: left blank).
    trainee_answer: Mapping[str, FieldValue | None]
    correct: bool
    wrong_fields: tuple[str, ...]
    explanation: str

    @property
    def correct_answer_text(self) -> str:
        """The correct answer in one line."""
        return self.question.answer_text(self.question.correct_answer)

    @property
    def trainee_answer_text(self) -> str:
        """The trainee's answer in one line."""
        return self.question.answer_text(self.trainee_answer)


def check_answer(question: Question, answer: object) -> Result:
    """Compare the trainee's answer (as the trainee's side sent it: checked here) with the
    question's correct answer; a bare value answers a one-field question.

    >>> q = Question("x", "g", 0, "any", "p", (), (), (Field("d", "Seat 0", "dollars"),), {"d": 5}, "why")
    >>> r = check_answer(q, "$4"); r.correct, r.wrong_fields, r.trainee_answer_text, r.correct_answer_text
    (False, ('d',), 'Seat 0: $4', 'Seat 0: $5')
    """
    if not isinstance(answer, Mapping):
        if len(question.fields) != 1:
            raise GameError("this question has several fields: answer with a mapping {field name: value}, "
                            "fields: " + ", ".join(f.name for f in question.fields))
        answer = {question.fields[0].name: answer}
    unknown = sorted(set(answer) - {f.name for f in question.fields})
    if unknown:
        raise GameError(f"no field {', '.join(unknown)} in this question; fields: "
                        + ", ".join(f.name for f in question.fields))
    trainee_answer: dict[str, FieldValue | None] = {}
    wrong: list[str] = []
    for f in question.fields:
        v = answer.get(f.name)
        if v is None or (isinstance(v, str) and not v.strip() and f.kind != "multi"):
            trainee_answer[f.name] = None
            wrong.append(f.name)
            continue
        trainee_answer[f.name] = f.normalize(v)
        if trainee_answer[f.name] != question.correct_answer[f.name]:
            wrong.append(f.name)
    return Result(question, trainee_answer, not wrong, tuple(wrong), question.explanation)


__all__ = ["FIELD_KINDS", "FieldValue", "Field", "Question", "Result", "check_answer"]
