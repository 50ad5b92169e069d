"""The staff trainer as a live widget: choose a game, a drill and a focus, answer, check, score.

:class:`TrainerWidget` deals questions from :mod:`gamelib.trainer` (pictured cards, the facts of
the hand), builds one input per answer field (radio buttons, tick boxes, dollar boxes), and on
**Check** shows right or wrong with the right answer and the engine's reason, and updates the
session score (a part left unanswered is refused, "Not checked", and nothing is stored).
**Export CSV** gives a download link (a ``data:`` URI, nothing leaves the
machine) with the session's results. Given a trainee's records (``records=``, what
:class:`~gamelib.widgets.trainer.app.TrainerApp` passes after sign-in), it stores every checked
answer before the verdict is shown, and shows no verdict if the answer could not be stored ("Not
saved", with the reason in words: the records busy past their time limit, out of reach, or their
file deleted under the trainer; nothing is kept and **Check** may be pressed again). The
widget holds no rule: every answer and reason comes from the drills, which ask the engine.

Stable CSS classes let a browser test (and a casino's own stylesheet) find the parts:
``gl-trainer`` (the whole widget), ``gl-trainer-game``, ``gl-trainer-drill``,
``gl-trainer-focus``, ``gl-trainer-new``, ``gl-trainer-question``, ``gl-trainer-answers``,
``gl-trainer-check``, ``gl-trainer-feedback``, ``gl-trainer-score``, ``gl-trainer-export``,
``gl-trainer-csv``; each answer input also carries ``gl-trainer-input-seed-N`` (N: the
question's seed).

>>> w = TrainerWidget(game="badugi", drill="read-hand", seed=1)
>>> w.answer_with(w.question.correct_answer).correct, w.session.score
(True, (1, 1))
"""

from __future__ import annotations

import html
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from ...amounts import whole_number
from ...engine.registry import get_game
from ...errors import GameError, shown
from ...games import GAMES
from ...trainer import DRILLS, Field, Question, Result, Session, drills_for, make_drill
from ...trainer.export import data_uri
from ...trainer.records import RecordsUnavailable, TraineeRecords
from ...trainer.session import MAX_SEED
from .. import controls
from ..cards import hand_html
from ..messages import BAD, GOOD, error_html
from .guard import guarded, pin, plain_sentence

FOCUS_WORDS = {
    "any": "any situation",
    "exact": "the exact value",
    "category": "the category only",
    "ties": "only ties and even splits",
    "no-qualifier": "only hands with no qualifier",
    "odd-chips": "only pots with odd chips",
    "side-pots": "only side pots",
    "caps": "only capped payouts",
    "forced": "forced bets",
    "first-to-act": "who acts first",
    "legal": "is this action legal?",
    "max-raise": "the largest bet or raise",
}
_WIDE = {"description_width": "initial"}
#: A row of pictured cards (a label and a hand, or several hands) that wraps on a narrow screen.
_CARD_ROW = "display:flex;flex-wrap:wrap;align-items:center;column-gap:12px;row-gap:2px;margin:2px 0;"
_CARD_LABEL = "font-weight:bold;white-space:nowrap;min-width:4.5em;padding:0 4px;"


def question_html(q: Question, four_color: bool = False, show_seed: bool = True) -> str:
    """The question as HTML: the prompt, the pictured cards, the facts of the hand; the seed it
    was dealt from only with ``show_seed`` (a practice question; never an exam's).

    >>> from gamelib.trainer import make_drill
    >>> q = make_drill("who-wins", "badugi").next(1)
    >>> "gl-hand" in question_html(q), "seed" in question_html(q, show_seed=False)
    (True, False)
    """
    rows = "".join(  # a label and its cards; the cards go under the label where the screen is narrow
        f'<div style="{_CARD_ROW}"><span style="{_CARD_LABEL}">{html.escape(label)}</span>'
        f'{hand_html(list(cards), four_color=four_color)}</div>'
        for label, cards in q.cards)
    facts = "".join(f"<li>{html.escape(f)}</li>" for f in q.facts)
    title = f"{DRILLS[q.drill].title} &middot; {html.escape(get_game(q.game).title)}"
    title += f" &middot; seed {q.seed}" if show_seed else ""
    seed = f' data-seed="{q.seed}"' if show_seed else ""
    return (
        f'<div class="gl-trainer-q" data-drill="{q.drill}" data-game="{q.game}"{seed}>'
        f'<div style="color:#555;font-size:90%;">{title}</div>'
        f'<p class="gl-trainer-prompt" style="font-weight:bold;margin:4px 0;">{html.escape(q.prompt)}</p>'
        + (f'<div class="gl-trainer-cards">{rows}</div>' if rows else "")
        + (f'<ul class="gl-trainer-facts" style="margin:4px 0;font-size:90%;">{facts}</ul>' if facts else "")
        + "</div>"
    )


def _best_cards_html(q: Question, four_color: bool = False) -> str:
    """The cards that make the hand raised among the others, each group of the question (the hand,
    the board) a row of its own that wraps under the last on a narrow screen; "" if the question
    names no best cards.

    >>> from gamelib.trainer import make_drill
    >>> _best_cards_html(make_drill("read-hand", "big-o").next(1)).count('class="gl-hand"')
    2
    """
    if not q.meta.get("best"):
        return ""
    best = list(q.meta["best"])
    hands = "".join(hand_html(list(cs), four_color=four_color, highlight=best) for _, cs in q.cards)
    return f'<div class="gl-trainer-best" style="{_CARD_ROW}">{hands}</div>'


def result_html(r: Result, four_color: bool = False) -> str:
    """The verdict as HTML: right or wrong, the trainee's answer when wrong ("Your answer"), the
    correct answer ("Right answer"), the reason (and, when reading a hand, the cards that make it).

    >>> from gamelib.trainer import make_drill
    >>> d = make_drill("read-hand", "crazy4"); q = d.next(2)
    >>> 'data-correct="yes"' in result_html(d.check(q, q.correct_answer))
    True
    """
    q = r.question
    head = ("Right." if r.correct else "Not right.")
    colour = GOOD if r.correct else BAD
    cards = _best_cards_html(q, four_color)
    yours = "" if r.correct else f"<div>Your answer: {html.escape(r.trainee_answer_text)}</div>"
    return (
        f'<div class="gl-trainer-verdict" data-correct="{"yes" if r.correct else "no"}" '
        f'style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0;">'
        f'<b style="color:{colour};">{head}</b>{yours}'
        f'<div class="gl-trainer-right">Right answer: {html.escape(r.correct_answer_text)}</div>'
        f'<div class="gl-trainer-why">Why: {html.escape(r.explanation)}</div>{cards}</div>'
    )


def score_html(session: Session) -> str:
    """The session score, overall and per drill and game.

    >>> score_html(Session())
    '<div class="gl-trainer-tally"><b>Score: 0 of 0 right</b></div>'
    """
    right, asked = session.score
    parts = [f"<b>Score: {right} of {asked} right</b>"]
    for label, table in (("drill", session.by_drill()), ("game", session.by_game())):
        if table:
            parts.append(f"by {label}: " + ", ".join(f"{html.escape(k)} {a}/{b}" for k, (a, b) in table.items()))
    return '<div class="gl-trainer-tally">' + "<br>".join(parts) + "</div>"


def csv_link_html(session: Session, filename: str = "trainer-session.csv") -> str:
    """A download link holding the session's CSV as a ``data:`` URI (nothing is fetched).

    >>> csv_link_html(Session()).startswith('<a class="gl-trainer-csv-link" download=')
    True
    """
    href = data_uri(session.to_csv().encode("utf-8"), "text/csv;charset=utf-8")
    right, asked = session.score
    return (f'<a class="gl-trainer-csv-link" download="{filename}" '
            f'href="{href}">Download {filename} '
            f"({asked} answer{'s' if asked != 1 else ''})</a>")


def example_html(drill: str, game: str, focus: str = "any", seed: int = 1, four_color: bool = False) -> str:
    """One question of a drill with its answer and reason, for a page of the book.

    >>> "Answer:" in example_html("pay-wager", "crazy4", seed=2)
    True
    """
    d = make_drill(drill, game, focus)
    q = d.next(seed)
    choices = "".join(
        f'<li><b>{html.escape(f.label)}</b>: {html.escape(" / ".join(f.options))}</li>'
        for f in q.fields if f.options)
    cards = _best_cards_html(q, four_color)
    return (
        '<div class="gl-trainer-example" '
        'style="border:1px solid #ccc;border-radius:6px;padding:6px 10px;margin:6px 0;">'
        + question_html(q, four_color)
        + (f'<ul style="margin:4px 0;font-size:90%;">{choices}</ul>' if choices else "")
        + f'<p style="margin:4px 0;"><b>Answer:</b> {html.escape(q.answer_text(q.correct_answer))}</p>'
        + f'<p style="margin:4px 0;"><b>Why:</b> {html.escape(q.explanation)}</p>{cards}</div>'
    )


class TrainerWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """The live trainer (see the module docstring).

    >>> w = TrainerWidget(game="big-o", drill="split-pot", focus="side-pots", seed=3)
    >>> [f.kind for f in w.question.fields][:1]
    ['dollars']
    """

    def __init__(self, game: str = "big-o", drill: str = "read-hand", focus: str = "any", seed: int = 1,
                 four_color: bool = False, records: TraineeRecords | None = None,
                 closed: Callable[[], str | None] | None = None) -> None:
        self.session = Session(game=game, drill=drill, focus=focus, seed=seed)
        self.records = records  # when given, every answer is stored before its verdict is shown
        # asked before every handler, deal and check: a reason the practice is closed, or None
        self.closed = closed
        self._shown_at = time.monotonic()
        self.four_color = four_color
        self.game = widgets.Dropdown(options=[(get_game(g).title, g) for g in GAMES], value=game,
                                     description="Game", style=_WIDE)
        self.drill = widgets.Dropdown(description="Drill", style=_WIDE)
        self.focus = widgets.Dropdown(description="Focus", style=_WIDE)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=MAX_SEED, description="Seed", style=_WIDE,
                                           layout=widgets.Layout(width="12em"))
        pin(self.seed, min=0, max=MAX_SEED)  # the kernel's bounds, whatever a browser sends
        for box in (self.game, self.drill, self.focus, self.seed):  # never wider than a phone's screen
            controls.fit(box)
        self.new_button = controls.button("New question", tooltip="deal the next seeded question")
        self.check_button = controls.button("Check", primary=True, tooltip="check my answer")
        self.export_button = controls.button("Export CSV", tooltip="the session's results for a supervisor")
        self.four_color_box = widgets.Checkbox(value=four_color, description="Four-colour deck", indent=False)
        self.question_html = widgets.HTML()
        self.answers = widgets.VBox()
        self.feedback = widgets.HTML()
        self.score = widgets.HTML(value=score_html(self.session))
        self.csv_link = widgets.HTML()
        for w, cls in ((self, "gl-trainer"), (self.game, "gl-trainer-game"), (self.drill, "gl-trainer-drill"),
                       (self.focus, "gl-trainer-focus"), (self.seed, "gl-trainer-seed"),
                       (self.new_button, "gl-trainer-new"), (self.question_html, "gl-trainer-question"),
                       (self.answers, "gl-trainer-answers"), (self.check_button, "gl-trainer-check"),
                       (self.feedback, "gl-trainer-feedback"), (self.score, "gl-trainer-score"),
                       (self.export_button, "gl-trainer-export"), (self.csv_link, "gl-trainer-csv"),
                       (self.four_color_box, "gl-trainer-four-color")):
            w.add_class(cls)
        self.inputs: dict[str, Any] = {}
        self.question: Question | None = None  # None until a deal succeeds (a refused first deal leaves it so)
        self.result: Result | None = None
        self._syncing = True
        self._fill_choices(game, drill, focus)
        self._syncing = False
        self._handling = False  # a handler let through is running: the changes it makes are its own
        self._putting_back = False  # a value the page sent is being put back: its observer does nothing
        self._closed_said = False  # the feedback line is the notice that the practice is closed
        g = self._guard
        self.game.observe(g(self._on_game), names="value")
        self.drill.observe(g(self._on_drill), names="value")
        self.focus.observe(g(lambda _: self._on_choice()), names="value")
        self.new_button.on_click(g(lambda _: self.new_question()))
        self.check_button.on_click(g(lambda _: self.check()))
        self.export_button.on_click(g(lambda _: self.export_csv()))
        self.four_color_box.observe(g(self._on_four_color), names="value")
        super().__init__([
            controls.row([self.game, self.drill, self.focus]),
            controls.row([self.seed, self.new_button, self.four_color_box]),
            self.question_html,
            self.answers,
            self.check_button,
            self.feedback,
            self.score,
            controls.row([self.export_button, self.csv_link]),
        ])
        self.new_question(seed)

    def _guard(self, callback: Callable[..., object]) -> Callable[..., None]:
        """``callback`` with whatever it raises shown as one sentence under the question, and
        refused while the practice is closed: ``closed`` is asked in the kernel before every
        handler the page triggers, and while it gives a reason that reason is shown under the
        question, a value the page set is put back, and nothing else changes."""
        run = guarded(callback, lambda sentence: setattr(self.feedback, "value", error_html("Refused", sentence)))

        def unless_closed(*args: object) -> None:
            if self._putting_back:
                return
            if self._handling:  # a box changed by a handler already let through (the drills of a game)
                run(*args)
                return
            if not self._refused():
                self._handling = True
                try:
                    run(*args)
                finally:
                    self._handling = False
                return
            change = args[0] if args else None
            if isinstance(change, Mapping) and "owner" in change and "name" in change:  # an observer's
                self._putting_back = True
                try:
                    setattr(change["owner"], str(change["name"]), change["old"])
                finally:
                    self._putting_back = False

        return unless_closed

    def _refused(self) -> bool:
        """Whether the practice is closed now; if so, its reason is shown under the question. A
        question that cannot be answered (the records out of reach) keeps it closed."""
        if self.closed is None:
            return False
        try:
            why = self.closed()
        except Exception as err:  # the records out of reach say so in their own words; anything else plainly
            if not isinstance(err, GameError):
                logging.getLogger("gamelib.trainer.kernel").exception("whether the practice is closed")
            why = plain_sentence(err)
        if why:
            self.feedback.value = error_html("Practice closed", why)
        elif self._closed_said:  # open again: the notice goes
            self.feedback.value = ""
        self._closed_said = bool(why)
        return bool(why)

    # --- choosing --------------------------------------------------------------------------
    def _fill_choices(self, game: str, drill: str | None = None, focus: str | None = None) -> None:
        keys = drills_for(game)
        drill = drill if drill in keys else keys[0]
        self.drill.options = [(DRILLS[k].title, k) for k in keys]
        self.drill.value = drill
        focuses = DRILLS[drill].focuses_for(game)
        self.focus.options = [(FOCUS_WORDS.get(f, f), f) for f in focuses]
        self.focus.value = focus if focus in focuses else "any"

    def _on_game(self, change: Mapping[str, Any]) -> None:  # Any: an ipywidgets change (untyped traitlets)
        self._syncing = True
        self._fill_choices(change["new"], self.drill.value, self.focus.value)
        self._syncing = False
        self._on_choice()

    def _on_drill(self, change: Mapping[str, Any]) -> None:  # Any: an ipywidgets change (untyped traitlets)
        if self._syncing:
            return
        self._syncing = True
        self._fill_choices(self.game.value, change["new"], self.focus.value)
        self._syncing = False
        self._on_choice()

    def _on_choice(self) -> None:
        if not self._syncing:
            self.new_question(int(self.seed.value))

    def _on_four_color(self, change: Mapping[str, Any]) -> None:  # Any: an ipywidgets change (untyped traitlets)
        self.four_color = bool(change["new"])
        if self.question is not None:
            self.question_html.value = question_html(self.question, self.four_color)
        if self.result is not None:
            self.feedback.value = result_html(self.result, self.four_color)

    # --- a question ------------------------------------------------------------------------
    def new_question(self, seed: int | None = None) -> Question | None:
        """Deal a question of the chosen drill (the next seed unless one is given); a refused deal
        keeps the question there was (``None`` if there was none)."""
        try:
            why = self.closed() if self.closed is not None else None
        except RecordsUnavailable as err:  # the records out of reach: no question that could not be stored
            self.question_html.value = error_html("Cannot deal", err)
            self.answers.children = ()
            self.feedback.value = ""
            return None
        if why:  # asked in the kernel each time: a second tab cannot practise during an exam either
            self.question_html.value = error_html("Practice closed", why)
            self.answers.children = ()
            self.feedback.value = ""
            return None
        if seed is None:
            seed = (int(self.seed.value) + 1
                    if self.question is not None and int(self.seed.value) == self.question.seed
                    else int(self.seed.value))
        try:
            seed = whole_number(seed, "the seed", 0, MAX_SEED)  # checked here, not only by the box
            drill = make_drill(self.drill.value, self.game.value, self.focus.value)
            q = drill.next(seed)
        except GameError as err:
            self.question_html.value = error_html("Cannot deal", err)
            self.answers.children = ()
            return self.question
        self.feedback.value = ""  # cleared first: the old verdict never shows beside a new question
        self.seed.value = seed
        self.question = q
        self.result = None
        self.inputs = {f.name: self._input(f) for f in q.fields}
        for w in self.inputs.values():  # lets a browser test tell this question's inputs from the last one's
            w.add_class(f"gl-trainer-input-seed-{seed}")
        self.answers.children = tuple(self.inputs.values())
        self.check_button.disabled = False
        self.question_html.value = question_html(q, self.four_color)
        self._shown_at = time.monotonic()
        return q

    @staticmethod
    def _input(f: Field) -> Any:
        return answer_input(f)

    def current_answer(self) -> dict[str, object]:
        """The answer as the inputs now hold it."""
        return read_inputs(self.question, self.inputs)

    def set_answer(self, answer: Mapping[str, object]) -> None:
        """Fill the inputs (as a trainee would) from an answer mapping.

        >>> w = TrainerWidget(game="crazy4", drill="pay-wager", seed=2)
        >>> w.set_answer(w.question.correct_answer); w.check().correct
        True
        """
        fill_inputs(self.question, self.inputs, answer)

    # --- checking --------------------------------------------------------------------------
    def check(self) -> Result | None:
        """Check the answer in the inputs, show the verdict and update the score (once per question)."""
        if self.result is not None:
            return self.result
        try:
            why = self.closed() if self.closed is not None else None
        except RecordsUnavailable as err:  # the records out of reach: nothing could be stored
            self.feedback.value = error_html("Not saved, try again", err)
            return None
        if why:
            self.feedback.value = error_html("Practice closed", why)
            return None
        if self.question is None:
            self.feedback.value = error_html("Cannot check", "no question has been dealt")
            return None
        trainee_answer = self.current_answer()
        try:
            r = self.session.judge(self.question, trainee_answer)
        except GameError as err:
            self.feedback.value = error_html("Cannot check", err)
            return None
        blank = blank_parts(self.question, trainee_answer)
        if blank:  # nothing chosen is no answer: refused, nothing stored, nothing scored
            self.feedback.value = error_html("Not checked", f"choose an answer first ({', '.join(blank)})")
            return None
        ms = round(1000 * (time.monotonic() - self._shown_at))
        if self.records is not None:  # stored first: the verdict is shown only once it is on record
            try:
                self.records.record(r, ms=ms)
            except RecordsUnavailable as err:  # busy, out of reach, its file gone: nothing stored, no verdict
                self.feedback.value = error_html("Not saved, try again", err)
                return None
            except GameError as err:  # the records refuse it: say why, show no verdict
                self.feedback.value = error_html("Not saved", err)
                return None
            except Exception:  # the database is down: say so in words (its error is for the log), no verdict
                logging.getLogger("gamelib.trainer.kernel").exception("an answer could not be stored")
                self.feedback.value = error_html("Not saved, press Check again", "the records could not be written")
                return None
        self.session.keep(r, ms=ms)
        self.result = r
        self.feedback.value = result_html(r, self.four_color)
        self.score.value = score_html(self.session)
        self.check_button.disabled = True
        self.export_csv()
        return r

    def answer_with(self, answer: Mapping[str, object]) -> Result | None:
        """Fill the inputs with ``answer`` and check it (for tests and demonstrations)."""
        self.set_answer(answer)
        return self.check()

    def export_csv(self) -> str:
        """Refresh the download link with the session's CSV; returns the CSV text."""
        self.csv_link.value = csv_link_html(self.session)
        return self.session.to_csv()


def answer_input(f: Field) -> Any:
    """The input widget for one answer field: radio buttons, tick boxes or a dollar box.

    >>> from gamelib.trainer import Field
    >>> type(answer_input(Field("d", "Seat 0", "dollars"))).__name__
    'Text'
    """
    if f.kind == "choice":
        w = widgets.RadioButtons(options=list(f.options), value=None, description=f.label, style=_WIDE,
                                 layout=widgets.Layout(width="auto"))
    elif f.kind == "multi":
        boxes = [widgets.Checkbox(value=False, description=o, indent=False,
                                  layout=widgets.Layout(width="auto", margin="0 12px 0 0")) for o in f.options]
        w = controls.row([widgets.Label(f.label + ":", layout=widgets.Layout(margin="0 12px 0 0"))] + boxes)
        w.boxes = boxes
    else:
        w = widgets.Text(value="", placeholder="$", description=f.label, style=_WIDE,
                         layout=widgets.Layout(width="22em"))
    w.add_class(f"gl-trainer-field-{f.kind}")
    return w


# Any: the inputs are ipywidgets controls, which ship no type hints.
def read_inputs(question: Question | None, inputs: Mapping[str, Any]) -> dict[str, object]:
    """The answer the inputs of ``question`` now hold.

    >>> from gamelib.trainer import Field, Question
    >>> q = Question("x", "g", 0, "any", "p", (), (), (Field("d", "Seat 0", "dollars"),), {"d": 5}, "")
    >>> ins = {"d": answer_input(q.fields[0])}; fill_inputs(q, ins, {"d": 5}); read_inputs(q, ins)
    {'d': '5'}
    """
    out: dict[str, object] = {}
    for f in question.fields if question is not None else ():
        w = inputs[f.name]
        if f.kind == "multi":
            out[f.name] = [b.description for b in w.boxes if b.value]
        else:
            out[f.name] = w.value
    return out


def blank_parts(question: Question, answer: Mapping[str, object]) -> list[str]:
    """The labels of the parts of ``answer`` left blank: no option chosen, no dollars typed (ticking
    no box of a several-answers part is an answer).

    >>> from gamelib.trainer import Field, Question
    >>> q = Question("x", "g", 0, "any", "p", (), (), (Field("d", "Seat 0", "dollars"),), {"d": 5}, "")
    >>> blank_parts(q, {"d": " "}), blank_parts(q, {"d": "5"})
    (['Seat 0'], [])
    """
    return [f.label for f in question.fields
            if f.kind != "multi" and (answer.get(f.name) is None or str(answer.get(f.name)).strip() == "")]


# Any: the inputs are ipywidgets controls, which ship no type hints.
def fill_inputs(question: Question | None, inputs: Mapping[str, Any], answer: Mapping[str, object]) -> None:
    """Fill the inputs of ``question`` from an answer mapping, as a trainee would (see :func:`read_inputs`)."""
    for f in question.fields if question is not None else ():
        v = answer.get(f.name)
        w = inputs[f.name]
        if f.kind == "multi":
            if isinstance(v, str):
                chosen = {v}
            elif isinstance(v, Iterable):
                chosen = set(v)
            elif v is None:
                chosen = set()
            else:
                raise GameError(f"{f.label}: tick any of the options, not {shown(v)}")
            for b in w.boxes:
                b.value = b.description in chosen
        elif f.kind == "dollars":
            w.value = "" if v is None else str(v)
        else:
            w.value = v


__all__ = ["TrainerWidget", "answer_input", "read_inputs", "fill_inputs", "blank_parts", "example_html",
           "question_html", "result_html", "score_html", "csv_link_html", "FOCUS_WORDS"]
