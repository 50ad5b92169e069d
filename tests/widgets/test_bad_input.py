"""Every widget input box answers bad input with a visible message, and the old verdict goes.

Each case types text into one box (``²`` passes ``str.isdigit``, ``+-5`` passes it after the
sign is stripped, and 5,000 digits are more than ``int`` converts), triggers the widget's own
handler (its button), and checks that the refusal is on screen, that it does not echo the whole
input, and that what was shown before is gone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gamelib.widgets.banked import PayWidget
from gamelib.widgets.betting_structures import WagerWidget
from gamelib.widgets.explorer import RankingExplorer
from gamelib.widgets.pot import PotPayWidget
from gamelib.widgets.trainer import TrainerWidget

OLD = "OLD-VERDICT-STILL-HERE"
BAD_DOLLARS = ["²", "+-5", "9" * 5000]


def _trainer() -> tuple[Any, Any, Any]:
    w = TrainerWidget(game="big-o", drill="split-pot", focus="side-pots", seed=3)
    box = w.inputs[w.question.fields[0].name]
    return box, w.check_button, w.feedback


def _wager() -> tuple[Any, Any, Any]:
    w = WagerWidget("big-o", "$1-$4 (Big O cash game)", actions="call")
    return _Prefixed(w.actions, "call\nbet "), w.check_button, w.result


def _pot_pay() -> tuple[Any, Any, Any]:
    w = PotPayWidget("badugi", hands=["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"], pots="7: 0 1 2", button=0)
    return _Suffixed(w.pots, ": 0 1 2"), w.go_button, w.result


def _pot_pay_seats() -> tuple[Any, Any, Any]:
    w = PotPayWidget("badugi", hands=["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"], pots="7: 0 1 2", button=0)
    return _Prefixed(w.pots, "7: 0 "), w.go_button, w.result


def _pay_table() -> tuple[Any, Any, Any]:
    w = PayWidget("three-card-6bonus", wager_table="pair_plus")
    return w.pay_inputs["flush"], w.recompute_button, w.edge


class _Prefixed:
    """A box whose value is ``prefix + typed`` (the bad text typed at the end of a line)."""

    def __init__(self, box: Any, prefix: str) -> None:
        self.box, self.prefix = box, prefix

    @property
    def value(self) -> str:
        return self.box.value

    @value.setter
    def value(self, typed: str) -> None:
        self.box.value = self.prefix + typed


class _Suffixed(_Prefixed):
    @_Prefixed.value.setter  # type: ignore[attr-defined]
    def value(self, typed: str) -> None:
        self.box.value = typed + self.prefix


# (id, build -> (box, button, output), bad texts, the visible message's words)
CASES: list[tuple[str, Callable[[], tuple[Any, Any, Any]], list[str], list[str]]] = [
    ("trainer dollars", _trainer, BAD_DOLLARS, ["Cannot check", "whole dollars"]),
    ("wager checker amount", _wager, BAD_DOLLARS, ["Refused", "whole dollars"]),
    ("pot amount", _pot_pay, BAD_DOLLARS, ["Cannot pay", "whole dollars"]),
    ("pot seats", _pot_pay_seats, ["²", "+-5", "9" * 5000], ["Cannot pay", "seats are numbers"]),
    ("pay table", _pay_table, BAD_DOLLARS + ["1e400", "1/0", "nan", "inf", "1.2.3"],
     ["Refused", "a pay must be a number"]),
]


@pytest.mark.parametrize("build, bad, words", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_input_box_shows_the_refusal_and_clears_the_old_verdict(
        build: Callable[[], tuple[Any, Any, Any]], bad: list[str], words: list[str]) -> None:
    box, button, output = build()
    for text in bad:
        output.value = OLD
        box.value = text
        button.click()
        shown = output.value
        assert OLD not in shown, text[:20]
        for w in words:
            assert w in shown, (text[:20], shown[:300])
        assert len(shown) < 800, (text[:20], len(shown))  # the message quotes a bounded part of the input


def test_pay_widget_wager_box_with_an_absurd_amount() -> None:
    w = PayWidget("crazy4")
    w.result.value = OLD
    w.wager_inputs["ante"].value = 10**30
    w.settle_button.click()
    assert OLD not in w.result.value and "Refused" in w.result.value and "table limit" in w.result.value


def test_explorer_refuses_a_huge_paste_briefly() -> None:
    w = RankingExplorer(system="high")
    w.result.value = OLD
    w.hands.value = "x" * 100_000
    w.compare_button.click()
    assert OLD not in w.result.value and "Cannot compare" in w.result.value and len(w.result.value) < 600


def test_good_input_after_bad_input_is_answered_again() -> None:
    box, button, output = _pay_table()
    box.value = "²"
    button.click()
    assert "Refused" in output.value
    box.value = "7/2"
    button.click()
    assert "Refused" not in output.value and "house edge" in output.value
