"""Every live chapter's widget answers whatever a stranger's browser sends it (the trainer's rule,
"the kernel is the judge", held for the whole book): a normal answer or a refusal shown in the
widget, never a traceback sent to the page, never an exception, never a hang.

Each widget is built as its chapter builds it. Hypothesis then sends its input controls (found by
walking ``children``) the values a browser could send through ipywidgets' own message path
(``Widget._handle_msg`` with an ``update``, as in ``test_trainer_judge``): any text up to 64 KB
(control characters, unicode, card-like tokens, numbers as text, the words of the widgets' own
little languages), any integer (negative, huge), a bounded box's ``min``/``max`` raised or
lowered, a selection's ``index`` out of range or ``None``, a file of any bytes; and it clicks
every button, disabled or not (a browser's click message reaches the kernel either way). What
ipywidgets would send the page as a traceback goes through IPython's ``showtraceback``, which the
``shell`` fixture catches. Afterwards the controls are put back to what the chapter showed and the
widget's main button must answer as a freshly built widget's does.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

#: A generous sanity bound on one message (the live kernel stops a click at 10 s of CPU).
WALL = 30.0

BIG_O_HAND = """variant = "_gamelib"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [60, 80, 100]
actions = ["d dh p1 7c7d6s6h2c", "d dh p2 KcKdKs9h9c", "d dh p3 Ah2h3dQcJd", "p3 cc", "p1 f", "p2 cc",
           "d db 4c5d8s", "p2 cbr 2", "p3 cc", "d db Jh", "p2 cc", "p3 cc", "d db Th", "p2 cbr 4", "p3 cc",
           "p2 sm KcKdKs9h9c", "p3 sm Ah2h3dQcJd"]
_gamelib_variant = "big-o"
_gamelib_structure = "limit"
"""
BIG_O_DISPUTED = BIG_O_HAND.replace('"d db Jh", "p2 cc"', '"d db Jh", "p2 cbr 2"')


def _deal() -> Any:
    from gamelib.widgets.pot import DealWidget
    return DealWidget("big-o", players=6, seed=7, show_all=True)


def _compare() -> Any:
    from gamelib.widgets.pot import CompareWidget
    return CompareWidget("27-triple-draw", hands=["7c 5d 4h 3s 2c", "As 2d 3h 4c 5s", "6h 5c 4s 3d 2h"])


def _pot_pay() -> Any:
    from gamelib.widgets.pot import PotPayWidget
    return PotPayWidget("drawmaha", hands=["Jc Jd 9s 9h 5c", "Ad Kd 6c 5s 4s", "7c 6s 4h 3h 2h"],
                        boards=["Qd Td 8d 2s 3c"], pots="30: 0 1 2\n14: 0 1", button=0)


def _odds() -> Any:
    from gamelib.widgets.odds import OddsWidget
    return OddsWidget("27-triple-draw", hands=["7s 5s 4d 3d Kc", "8h 6c 5h 4h 2c"], draws=["Kc", "pat"])


def _wager() -> Any:
    from gamelib.widgets.betting_structures import WagerWidget
    return WagerWidget("big-o", "$1-$4 (Big O cash game)", actions="call\ncall\ncheck\nbet 1\nraise 3\nraise 9")


def _pay() -> Any:
    from gamelib.widgets.banked import PayWidget
    return PayWidget("crazy4", wager_table="queens_up")


def _banked_deal() -> Any:
    from gamelib.widgets.banked import BankedDealWidget
    return BankedDealWidget("nh-holdem", seed=27)


def _dealer_compare() -> Any:
    from gamelib.widgets.banked import DealerCompareWidget
    return DealerCompareWidget("crazy4")


def _strategy() -> Any:
    from gamelib.widgets.banked import StrategyWidget
    return StrategyWidget("nh-holdem", hands={"hole": "7s 2d", "community": "7h 7c"}, wagered="3")


def _designer() -> Any:
    from gamelib.widgets.banked.pay_designer import PayDesignerWidget
    return PayDesignerWidget("crazy4", table="super_bonus", vary={"flush": "1..10"}, target="3%")


def _explorer() -> Any:
    from gamelib.widgets.explorer import RankingExplorer
    return RankingExplorer(system="high")


def _buy_in() -> Any:
    from gamelib.widgets.table_rules import BuyInWidget
    return BuyInWidget(game="big-o", structure="$2-$4", amount=100, cashed_out=150, button_moves=3, others=5)


def _dispute() -> Any:
    from gamelib.widgets.dispute_desk import DisputeDesk
    return DisputeDesk(record=BIG_O_DISPUTED)


def _rotation() -> Any:
    from gamelib.widgets.rotation import RotationWidget
    return RotationWidget(["27-triple-draw", "stud8", "big-o", "badugi"], hands_each=8, hand=9)


def _dealers_choice() -> Any:
    from gamelib.widgets.rotation import DealersChoiceWidget
    return DealersChoiceWidget(["archie", "badugi", "stud8", "big-o", "razzdugi"], players=4)


# (id, build as the chapter does, the button a reader clicks for the widget's answer)
WIDGETS: list[tuple[str, Callable[[], Any], str]] = [
    ("DealWidget", _deal, "Restart"),
    ("CompareWidget", _compare, "Compare"),
    ("PotPayWidget", _pot_pay, "Pay"),
    ("OddsWidget", _odds, "Odds"),
    ("WagerWidget", _wager, "Check the wagers"),
    ("PayWidget", _pay, "Settle"),
    ("BankedDealWidget", _banked_deal, "Deal"),
    ("DealerCompareWidget", _dealer_compare, "Compare"),
    ("StrategyWidget", _strategy, "Advise"),
    ("PayDesignerWidget", _designer, "Find pay tables"),
    ("RankingExplorer", _explorer, "Compare"),
    ("BuyInWidget", _buy_in, "Check"),
    ("DisputeDesk", _dispute, "Replay this record"),
    ("RotationWidget", _rotation, "Start over"),
    ("DealersChoiceWidget", _dealers_choice, "New table"),
]

#: Input controls whose state a browser sets; buttons are clicked instead.
INPUTS = (widgets.Text, widgets.Textarea, widgets.IntText, widgets.BoundedIntText, widgets.FloatText,
          widgets.BoundedFloatText, widgets.Checkbox, widgets.ToggleButton, widgets.FileUpload,
          widgets.widget_selection._Selection, widgets.widget_selection._MultipleSelection)


def send(widget: Any, **state: Any) -> None:
    """What the page sends when it changes ``widget``'s state."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def click(button: Any) -> None:
    """What the page sends when the reader clicks ``button`` (sent even if it shows as disabled)."""
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})


def walk(widget: Any) -> Iterator[Any]:
    """``widget`` and all its descendants (``children`` recursively), in order."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from walk(child)


def inputs_of(widget: Any) -> list[Any]:
    return [w for w in walk(widget) if isinstance(w, INPUTS) and not isinstance(w, widgets.Button)]


def buttons_of(widget: Any) -> list[Any]:
    return [w for w in walk(widget) if isinstance(w, widgets.Button)]


def shown(widget: Any) -> list[str]:
    """What the page shows as text: every HTML/Label value in the tree."""
    return [w.value for w in walk(widget) if isinstance(w, (widgets.HTML, widgets.HTMLMath, widgets.Label))]


def state_of(control: Any) -> dict[str, Any]:
    """The browser-side state of ``control`` that the fuzz changes, to put back afterwards."""
    if isinstance(control, widgets.FileUpload):
        return {}
    keys = ["index"] if isinstance(control, (widgets.widget_selection._Selection,
                                              widgets.widget_selection._MultipleSelection)) else ["value"]
    keys += [k for k in ("min", "max") if control.has_trait(k)]
    return {k: getattr(control, k) for k in keys}


# --- what a browser could send -------------------------------------------------------------

WORDS = ["As", "Kd", "??", "Th", "10s", "2c", "Xx", "AsKd", "call", "bet", "raise", "check", "fold", "bring-in",
         "complete", "all-in", "pat", "draw", "0", "1", "2", "7", "-1", "99", "1e9", "10**9", "9" * 30, ":", ",",
         "/", "..", "%", "$", "x", "\n", "\t", "\x00", "\u202e", "²", "🂡", "½", "nan", "inf", "-", "+", "*",
         "p1", "p2", "d", "dh", "db", "cc", "cbr", "sm", "=", "[", "]", '"', "variant", "actions", "{", "}"]
SPECIAL_TEXT = ["", " ", "\n\n", "As Kd ??", "As As As As As", "Ah Kh Qh Jh Th 9h 8h 7h", "-5", "0", "1e400",
                "1/0", "nan", "-inf", "+-5", "²", "9" * 5000, "x" * 65536, "As " * 21000, "\x00\x01\x1b[2J",
                "27: 0 1 2 3 4 5 6 7 8 9 10 11 12", "999999999999999999999: 0 1", "raise 99999999999999999999",
                "1..1000000000", "-3..-1", "\ud800", "<script>alert(1)</script>", "&amp;"]

texts = st.one_of(
    st.sampled_from(SPECIAL_TEXT),
    st.text(max_size=40),
    st.lists(st.sampled_from(WORDS), max_size=40).map(" ".join),
    st.lists(st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join), max_size=12).map("\n".join),
)
ints = st.one_of(st.integers(-10, 60), st.integers(-10**12, 10**12),
                 st.sampled_from([2**31, 2**53 + 1, 10**30, -10**30, 10**4000, -(10**4000)]))


def values_for(control: Any) -> st.SearchStrategy[dict[str, Any]]:
    """The states a browser could send ``control`` (all of them its traits accept: what ipywidgets
    itself refuses is :func:`refused_for`'s)."""
    if isinstance(control, widgets.FileUpload):
        content = st.one_of(st.binary(max_size=200), st.sampled_from([BIG_O_HAND.encode(), b"\xff\xfe" * 30000]),
                            texts.map(lambda t: t.encode("utf-8", "surrogatepass")))
        file = content.map(lambda b: {"name": "x.phh", "type": "", "size": len(b), "content": memoryview(b),
                                      "last_modified": 0})
        return st.lists(file, max_size=2).map(lambda files: {"value": files})
    if isinstance(control, widgets.widget_selection._MultipleSelection):
        n = len(control.options)
        return st.lists(st.integers(0, n - 1), max_size=n + 1).map(lambda ix: {"index": tuple(ix)})
    if isinstance(control, widgets.widget_selection._Selection):
        n = len(control.options)
        return st.one_of(st.integers(0, n - 1), st.none()).map(lambda i: {"index": i})
    if isinstance(control, (widgets.Checkbox, widgets.ToggleButton)):
        return st.booleans().map(lambda b: {"value": b})
    if isinstance(control, (widgets.IntText, widgets.BoundedIntText)):
        bounds = st.fixed_dictionaries({}, optional={"max": st.one_of(st.integers(control.min, control.min + 100),
                                                                      st.sampled_from([10**30, 10**4000]))}) \
            if isinstance(control, widgets.BoundedIntText) else st.just({})
        return st.tuples(ints, bounds).map(lambda vb: {**vb[1], "value": vb[0]})
    return texts.map(lambda t: {"value": t})


def refused_for(control: Any) -> st.SearchStrategy[dict[str, Any]]:
    """States ipywidgets' own traits refuse (an index out of range, a word in a number box, None)."""
    if isinstance(control, widgets.widget_selection._MultipleSelection):
        n = len(control.options)
        return st.lists(st.integers(-3, n + 3), min_size=1).filter(lambda ix: not all(0 <= i < n for i in ix)) \
            .map(lambda ix: {"index": tuple(ix)})
    if isinstance(control, widgets.widget_selection._Selection):
        n = len(control.options)
        return st.sampled_from([-1, n, n + 5, 10**9, "0", 1.5]).map(lambda i: {"index": i})
    if isinstance(control, (widgets.IntText, widgets.BoundedIntText)):
        bad = [None, "abc", "", float("nan"), [1]]
        if isinstance(control, widgets.BoundedIntText):
            return st.sampled_from(bad + [{"min": 10**9 + 1, "max": 0}]).map(
                lambda v: v if isinstance(v, dict) else {"value": v})
        return st.sampled_from(bad).map(lambda v: {"value": v})
    return st.sampled_from([None, 5, ["x"]]).map(lambda v: {"value": v})


@pytest.fixture()
def shell() -> Iterator[list[BaseException]]:
    """An IPython shell, as in a kernel (ipywidgets reports a failed message or callback through
    ``showtraceback``, which would reach the page); what it would have sent is kept in the list."""
    import sys

    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    sent: list[BaseException] = []

    def traceback_to_page(exc_tuple: Any = None, *args: Any, **kwargs: Any) -> None:
        err = (exc_tuple or sys.exc_info())[1]
        sent.append(err)

    ip.showtraceback = traceback_to_page
    try:
        yield sent
    finally:
        InteractiveShell.clear_instance()


def timed(what: str, act: Callable[[], None]) -> None:
    start = time.perf_counter()
    act()
    took = time.perf_counter() - start
    assert took < WALL, f"{what} took {took:.1f} s"


def describe(control: Any) -> str:
    return f"{type(control).__name__} {control.description!r}"


def answers_normally(widget: Any, originals: list[tuple[Any, dict[str, Any]]], build: Callable[[], Any],
                     main: str, sent: list[BaseException]) -> None:
    """Put every control back as the chapter showed it (the boxes it had, then those it has now as a
    fresh one's) and click ``main``: the widget shows what a fresh one shows after the same click."""
    for control, state in originals:
        if state:
            send(control, **state)
    fresh = build()
    now, then = inputs_of(widget), inputs_of(fresh)  # a widget may have remade some boxes (a new pay table)
    assert [type(c) for c in now] == [type(c) for c in then]
    for control, model in zip(now, then, strict=True):
        if state_of(model):
            send(control, **state_of(model))
    for w in (widget, fresh):
        [button] = [b for b in buttons_of(w) if b.description == main]
        click(button)
    assert sent == [], [repr(e)[:300] for e in sent]
    assert shown(widget) == shown(fresh)


def fuzz(build: Callable[[], Any], main: str, sent: list[BaseException], data: st.DataObject,
         strategy: Callable[[Any], st.SearchStrategy[dict[str, Any]]]) -> None:
    widget = build()
    controls = inputs_of(widget)
    originals = [(c, state_of(c)) for c in controls]
    assert controls and buttons_of(widget)
    for control in data.draw(st.lists(st.sampled_from(controls), min_size=1, max_size=4)):
        state = data.draw(strategy(control), label=describe(control))
        try:
            timed(describe(control), lambda control=control, state=state: send(control, **state))
        except Exception as err:  # nothing may escape (ipywidgets reports it when in a kernel)
            sent.append(err)
        assert sent == [], (describe(control), repr(state)[:200], [repr(e)[:300] for e in sent])
        for button in buttons_of(widget):
            timed(f"click {button.description!r}", lambda button=button: click(button))
            assert sent == [], (describe(control), repr(state)[:200], button.description,
                                [repr(e)[:300] for e in sent])
    answers_normally(widget, originals, build, main, sent)


@pytest.mark.parametrize("build, main", [w[1:] for w in WIDGETS], ids=[w[0] for w in WIDGETS])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_browsers_values_get_an_answer_or_a_refusal(build: Callable[[], Any], main: str,
                                                      shell: list[BaseException], data: st.DataObject) -> None:
    """Any value a box's traits accept, then every button clicked: no traceback, no hang, and the
    widget still answers its main button as a fresh one does."""
    shell.clear()
    fuzz(build, main, shell, data, values_for)


#: Why the next test fails for every widget: outside a guarded kernel ipywidgets sends the page a
#: traceback, which the widget itself cannot stop (the test after it runs the guard).
TRAIT_ERRORS = ("a value ipywidgets' own traits refuse (an option index out of range, None or a word in a number "
                "box, min above max) fails in Widget._handle_msg, which sends the page a traceback; the kernels "
                "that serve pages install gamelib.widgets.kernel.widget_errors_to (the live book's launcher, the "
                "trainer's plain_errors), a bare kernel does not")


@pytest.mark.xfail(reason=TRAIT_ERRORS, strict=True)
@pytest.mark.parametrize("build, main", [w[1:] for w in WIDGETS], ids=[w[0] for w in WIDGETS])
@settings(max_examples=2, deadline=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_value_ipywidgets_refuses_sends_no_traceback(build: Callable[[], Any], main: str,
                                                       shell: list[BaseException], data: st.DataObject) -> None:
    """A value ipywidgets' own traits refuse (an option index that does not exist, a word in a
    number box) changes nothing and sends the page no traceback."""
    shell.clear()
    fuzz(build, main, shell, data, refused_for)


@pytest.mark.parametrize("build, main", [w[1:] for w in WIDGETS], ids=[w[0] for w in WIDGETS])
@settings(max_examples=3, deadline=None, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_a_value_ipywidgets_refuses_goes_to_the_log_in_a_served_kernel(build: Callable[[], Any], main: str,
                                                                        shell: list[BaseException],
                                                                        data: st.DataObject) -> None:
    """The same refused values in a kernel as the live book's launcher sets it up
    (``widget_errors_to``, what its ``quiet_widget_errors`` installs): each refusal goes to the
    operator's log, none to the page, and the widget still answers as a fresh one does."""
    from IPython.core.interactiveshell import InteractiveShell

    from gamelib.widgets.kernel import widget_errors_to

    shell.clear()
    logged: list[BaseException] = []
    widget_errors_to(InteractiveShell.instance(), logged.append)
    fuzz(build, main, shell, data, refused_for)
    assert logged  # every example sends at least one refused value


def test_every_widget_of_the_book_is_fuzzed() -> None:
    """A new widget panel of the book (a public ``Box`` under gamelib.widgets, the trainer's aside:
    tests/widgets/test_trainer_judge.py) fails here until it is in :data:`WIDGETS`."""
    import importlib
    import inspect
    import pkgutil

    import gamelib.widgets as pkg

    found = set()
    for info in pkgutil.walk_packages(pkg.__path__, "gamelib.widgets."):
        if ".trainer" in info.name:
            continue
        module = importlib.import_module(info.name)
        found |= {name for name, cls in inspect.getmembers(module, inspect.isclass)
                  if cls.__module__ == info.name and not name.startswith("_") and issubclass(cls, widgets.Box)}
    assert found == {w[0] for w in WIDGETS}


@pytest.mark.parametrize("build", [w[1] for w in WIDGETS], ids=[w[0] for w in WIDGETS])
def test_the_kernel_keeps_every_bound_and_choice_the_page_shows(build: Callable[[], Any],
                                                                shell: list[BaseException]) -> None:
    """Every number box keeps the bounds it was built with and every choice box a choice, whatever
    the page sends (``controls.judge``, which each widget calls once its controls are made: a
    widget that forgot it fails here)."""
    widget = build()
    for box in [c for c in inputs_of(widget) if isinstance(c, (widgets.BoundedIntText, widgets.BoundedFloatText))]:
        bounds = (box.min, box.max)
        send(box, min=-(10**30), max=10**30)
        send(box, value=10**30)
        assert (box.min, box.max) == bounds and bounds[0] <= box.value <= bounds[1], describe(box)
    for pick in [c for c in inputs_of(widget) if isinstance(c, widgets.widget_selection._Selection)]:
        chosen = pick.index
        send(pick, index=None)
        assert pick.index == chosen, describe(pick)
    assert shell == []


# --- what the fuzz found, held one by one --------------------------------------------------

def test_a_raised_players_maximum_is_undone_by_the_kernel(shell: list[BaseException]) -> None:
    """The browser raised Players' max to 10**30 (and sent a million players): the wager checker
    used to build a hand of that many seats (minutes of work, or OverflowError past 2**63)."""
    w = _wager()
    send(w.players, max=10**30, value=10**6)
    assert (w.players.max, w.players.value) == (8, 8)
    timed("check", lambda: click(w.check_button))
    assert shell == [] and "posts the big blind" in w.result.value and "Cannot deal" not in w.result.value


def test_no_option_from_the_page_keeps_the_choice(shell: list[BaseException]) -> None:
    """A browser may send a dropdown ``index`` None ("no option"); the pay table and the dealer's
    choice widgets used to pass None on (GameError, KeyError as tracebacks)."""
    pay, choice = _pay(), _dealers_choice()
    send(pay.table_choice, index=None)
    send(choice.pick, index=None)
    click(choice.deal_button)
    assert shell == [] and pay.table_choice.value == "queens_up" and choice.pick.value == "archie"


def test_more_players_than_the_deck_holds_is_refused(shell: list[BaseException]) -> None:
    """Eight seven-card hands are 56 cards: the explorer's Deal used to raise HandSizeError."""
    w = _explorer()
    send(w.players, value=8)
    click(w.deal_button)
    assert shell == []
    assert "Cannot deal" in w.result.value and "need 56 cards" in w.result.value and "at most 7 hands" in w.result.value
