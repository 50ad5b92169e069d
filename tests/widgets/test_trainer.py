"""The trainer widget: it shows the drill's question, checks through the drill, keeps the score
and exports the session's CSV; every answer it shows is the drill's (the engine's) answer."""

from __future__ import annotations

import base64
import csv
import io

from gamelib.trainer import make_drill
from gamelib.widgets.cards import hand_html
from gamelib.widgets.trainer import TrainerWidget


def test_question_is_the_drills_with_pictured_cards() -> None:
    w = TrainerWidget(game="big-o", drill="read-hand", seed=4)
    q = make_drill("read-hand", "big-o").next(4)
    assert w.question.correct_answer == q.correct_answer and w.question.prompt == q.prompt
    for _, cards in q.cards:
        assert hand_html(list(cards)) in w.question_html.value
    radio = w.answers.children[0]
    assert list(radio.options) == list(q.fields[0].options) and radio.value is None


def test_right_then_wrong_changes_score_and_explanation() -> None:
    w = TrainerWidget(game="stud8", drill="split-pot", focus="odd-chips", seed=3)
    q = w.question
    for f in q.fields:
        w.inputs[f.name].value = str(q.correct_answer[f.name])
    w.check_button.click()
    assert w.result is not None and w.result.correct
    assert "Score: 1 of 1 right" in w.score.value and 'data-correct="yes"' in w.feedback.value
    assert "odd dollar" in w.feedback.value and w.check_button.disabled
    first_feedback = w.feedback.value
    w.new_button.click()
    assert w.question.seed == 4 and w.feedback.value == "" and not w.check_button.disabled
    q2 = w.question
    for f in q2.fields:
        w.inputs[f.name].value = str(q2.correct_answer[f.name] + 1)
    w.check_button.click()
    assert not w.result.correct
    assert "Score: 1 of 2 right" in w.score.value and 'data-correct="no"' in w.feedback.value
    assert w.feedback.value != first_feedback
    assert q2.answer_text(q2.correct_answer).replace("'", "&#x27;") in w.feedback.value
    w.check_button.click()  # a question is scored once
    assert w.session.score == (1, 2)


def test_multi_choice_and_nobody_qualifies() -> None:
    w = TrainerWidget(game="archie", drill="who-wins", focus="no-qualifier", seed=1)
    boxes = w.inputs["portion0"].boxes
    assert [b.description for b in boxes][-1] == "nobody qualifies"
    w.set_answer(w.question.correct_answer)
    assert w.check().correct and "R8" in w.feedback.value


def test_changing_game_offers_its_drills_and_deals() -> None:
    w = TrainerWidget(game="big-o", drill="who-wins", seed=2)
    w.game.value = "nh-holdem"
    assert [v for _, v in w.drill.options] == ["read-hand", "pay-wager"]
    assert w.question.game == "nh-holdem" and w.question.drill == "read-hand"
    w.drill.value = "pay-wager"
    w.focus.value = "caps"
    assert w.question.focus == "caps" and "Cap" in w.question.explanation


def test_export_csv_link_holds_the_session() -> None:
    w = TrainerWidget(game="crazy4", drill="pay-wager", seed=5)
    w.answer_with(w.question.correct_answer)
    w.new_question()
    w.answer_with({name: value + 1 for name, value in w.question.correct_answer.items()})  # every part $1 out
    w.export_button.click()
    href = w.csv_link.value.split('href="')[1].split('"')[0]
    assert href.startswith("data:text/csv;charset=utf-8;base64,")
    text = base64.b64decode(href.split(",", 1)[1]).decode()
    assert text == w.session.to_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [r["correct"] for r in rows] == ["yes", "no"] and rows[0]["seed"] == "5"


def test_bad_input_is_shown_not_raised() -> None:
    w = TrainerWidget(game="badugi", drill="split-pot", seed=1)
    w.inputs["seat0"].value = "lots"
    assert w.check() is None and "Cannot check" in w.feedback.value and w.session.score == (0, 0)


def test_four_colour_deck_redraws_the_cards() -> None:
    w = TrainerWidget(game="badugi", drill="read-hand", seed=2)
    w.answer_with(w.question.correct_answer)
    w.four_color_box.value = True
    cards = [c for _, cs in w.question.cards for c in cs]
    assert hand_html(cards, four_color=True) in w.question_html.value
    assert hand_html(cards, four_color=True, highlight=list(w.question.meta["best"])) in w.feedback.value


def test_check_without_a_question_says_so() -> None:
    w = TrainerWidget(game="crazy4", drill="pay-wager", seed=2)
    w.question, w.result = None, None  # as after a refused first deal
    assert w.current_answer() == {} and w.check() is None
    assert "no question has been dealt" in w.feedback.value


def test_check_with_no_answer_chosen_is_refused_and_stores_nothing() -> None:
    """Check before any answer is chosen is refused and stores nothing (it once stored "?" as a wrong answer)."""
    w = TrainerWidget(game="big-o", drill="read-hand", seed=1)
    assert w.answers.children[0].value is None  # a question just dealt: no radio button chosen
    w.check_button.click()
    assert w.result is None and w.session.score == (0, 0) and w.session.records == []
    assert "Not checked" in w.feedback.value and "choose an answer first (Value)" in w.feedback.value
    assert "data-correct" not in w.feedback.value and not w.check_button.disabled
    w.answers.children[0].value = w.question.correct_answer["value"]  # then chosen: checked once, right
    w.check_button.click()
    assert w.result is not None and w.result.correct and w.session.score == (1, 1)


def test_check_with_a_part_left_blank_is_refused() -> None:
    w = TrainerWidget(game="crazy4", drill="pay-wager", seed=6)
    q = w.question
    w.set_answer({**q.correct_answer, "play": None})  # every part typed but one
    assert w.check() is None and w.session.score == (0, 0)
    assert "choose an answer first (Play (1x) $4)" in w.feedback.value
    w.set_answer(q.correct_answer)
    assert w.check() is not None and w.session.score == (1, 1)


def test_ticking_no_box_is_an_answer() -> None:
    """A several-answers part with no box ticked is an answer (\"none of these\"), checked as given."""
    w = TrainerWidget(game="archie", drill="who-wins", focus="no-qualifier", seed=1)
    assert w.check() is not None and w.session.score[1] == 1
