"""The pieces every drill shares: a question, its answer fields, the checked result.

A :class:`Question` holds what the trainee sees (``prompt``, pictured ``cards``, ``facts``) and
the ``fields`` to fill in; the right answer (``answer``) and the reason in words
(``explanation``) were computed by the engine when the question was dealt, so checking an
answer is a comparison, far under a millisecond. :func:`check_answer` compares and returns a
:class:`Result`.

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

#: A field's value as it is stored (``Field.normalize``, and each question's right answer): the
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
        """The given value (whatever the trainee's side sent) in the form the right answer is
        stored (refused if impossible).

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
    wagers, the pot, the hand history); ``answer`` maps each field name to the right value;
    ``explanation`` says why, in words.
    """

    drill: str
    game: str
    seed: int
    focus: str
    prompt: str
    cards: tuple[tuple[str, tuple[int, ...]], ...]
    facts: tuple[str, ...]
    fields: tuple[Field, ...]
    answer: Mapping[str, FieldValue]
    explanation: str
    #: What else the drill that dealt the question keeps (the hand, the pots, the best cards),
    #: for the widgets that picture it: each drill its own names and types, so read as ``Any``.
    meta: Mapping[str, Any] = field(default_factory=dict)

    def answer_text(self, answer: Mapping[str, FieldValue | None] | None = None) -> str:
        """An answer (the right one by default) written as one line.

        >>> q = Question("x", "g", 0, "any", "p", (), (), (Field("d", "Seat 0", "dollars"),), {"d": 5}, "")
        >>> q.answer_text()
        'Seat 0: $5'
        """
        answer = self.answer if answer is None else answer
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
    """The verdict on one answer: ``correct``, the ``right`` answer, the fields got wrong, why."""

    question: Question
    #: The answer as normalized, field by field (``None``: left blank).
    given: Mapping[str, FieldValue | None]
    correct: bool
    wrong_fields: tuple[str, ...]
    explanation: str

    @property
    def right_text(self) -> str:
        """The right answer in one line."""
        return self.question.answer_text()

    @property
    def given_text(self) -> str:
        """The trainee's answer in one line."""
        return self.question.answer_text(self.given)


def check_answer(question: Question, answer: object) -> Result:
    """Compare an answer (as the trainee's side sent it: checked here) with the engine's; a
    bare value answers a one-field question.

    >>> q = Question("x", "g", 0, "any", "p", (), (), (Field("d", "Seat 0", "dollars"),), {"d": 5}, "why")
    >>> r = check_answer(q, "$4"); r.correct, r.wrong_fields, r.right_text
    (False, ('d',), 'Seat 0: $5')
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
    given: dict[str, FieldValue | None] = {}
    wrong: list[str] = []
    for f in question.fields:
        v = answer.get(f.name)
        if v is None or (isinstance(v, str) and not v.strip() and f.kind != "multi"):
            given[f.name] = None
            wrong.append(f.name)
            continue
        given[f.name] = f.normalize(v)
        if given[f.name] != question.answer[f.name]:
            wrong.append(f.name)
    return Result(question, given, not wrong, tuple(wrong), question.explanation)


__all__ = ["FIELD_KINDS", "FieldValue", "Field", "Question", "Result", "check_answer"]
