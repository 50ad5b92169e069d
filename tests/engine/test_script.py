"""The action-script language's one interpreter (gamelib/engine/script.py): every token kind,
the worst cards of ``dN`` checked against a plain sort written here, and the refusals."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gamelib.cards import RANKS, SUITS, format_cards
from gamelib.engine.hand import Hand
from gamelib.engine.script import act, play
from gamelib.engine.walkthrough import Walkthrough
from gamelib.errors import GameError
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS, big_bet_structure
from gamelib.widgets import scripted_hands
from gamelib.widgets.figures import play_recorded


def _hand(key: str, players: int = 3, seed: int = 1, **kw: object) -> Hand:
    return Hand(POT_DECLARATIONS[key], [100] * players, seed=seed, **kw)  # type: ignore[arg-type]


def _to_draw(h: Hand) -> None:
    """Check and call until the hand reaches its first draw."""
    while h.phase != "draw":
        act(h, "c")


# --- betting tokens --------------------------------------------------------------------------

def test_fold_check_call() -> None:
    h = _hand("badugi")
    assert act(h, "c") == "seat 0 calls $2"
    assert act(h, "f") == "seat 1 folds"
    assert act(h, "c") == "seat 2 checks"


def test_aggressive_letters_at_the_minimum_to_a_total_and_at_the_maximum() -> None:
    h = _hand("big-o", 4, structure=big_bet_structure("pot-limit", 1, 2))
    assert act(h, "r") == "seat 3 raises to $4"           # the smallest legal raise
    assert act(h, "b9") == "seat 0 raises to $9"          # b, r and x name the one aggressive action legal
    assert act(h, "rmax") == "seat 1 raises to $33"       # R16: the blind calls $8 (pot $24), raises $24
    h = _hand("big-o", 3, structure=BIG_O_STRUCTURES["$1-$4"])
    assert act(h, "r$5") == "seat 0 raises to $5"         # the amount is dollars as a box reads them


def test_bring_in_and_complete() -> None:
    h = _hand("stud8", seed=1)
    assert act(h, "i") == "seat 2 brings in for $1"
    assert act(h, "x") == "seat 0 completes to $2"
    assert act(h, "r") == "seat 1 raises to $4"


def test_stand_pat_and_named_draw_and_named_discard() -> None:
    h = _hand("badugi", 2, seed=4)
    act(h, "c"), act(h, "c")
    seat = h.to_act
    assert seat is not None
    card = format_cards(h.down[seat][:1])
    assert act(h, f"d:{card}").startswith(f"seat {seat} draws 1: discards {card}, receives ")
    assert act(h, "p") == f"seat {1 - seat} stands pat"
    h = play(_hand("super-razzdugi", seed=24), ["i", "x", "c", "c"])
    seat = h.to_act
    assert seat is not None
    cards = format_cards(h.down[seat][:2])
    assert act(h, f"k:{cards}") == f"seat {seat} discards {cards}"


# --- the worst cards for the game ------------------------------------------------------------

def _rank(card: int) -> int:
    return RANKS.index(format_cards([card])[0])


def _suit(card: int) -> int:
    return SUITS.index(format_cards([card])[1])


#: The n worst of a seat's down cards, by a plain sort: high draw (lowest first, the ace high,
#: the lower suit first); low with the ace high (highest first, the higher suit first); low with
#: the ace low (highest first, the ace lowest, the seat's order among one rank).
PLAIN: dict[str, Callable[[list[int], int], list[int]]] = {
    "high": lambda cards, n: sorted(cards, key=lambda c: (_rank(c), _suit(c)))[:n],
    "ace-high low": lambda cards, n: sorted(cards, key=lambda c: (-_rank(c), -_suit(c)))[:n],
    "ace-low low": lambda cards, n: sorted(cards, key=lambda c: -((_rank(c) + 1) % 13))[:n],
}


@pytest.mark.parametrize("key, kind", [
    ("drawmaha", "high"),               # the draw half is high (the last portion reads the board)
    ("drawmaha-27", "ace-high low"),    # the draw half is deuce-to-seven, though the last portion is high
    ("27-triple-draw", "ace-high low"),
    ("badeucey", "ace-high low"),       # the last portion: badugi with the ace high
    ("a5-triple-draw", "ace-low low"),
    ("archie", "ace-low low"),          # the last portion: the eight-or-better low
    ("badacey", "ace-low low"),
])
def test_draw_n_throws_the_worst_cards_for_the_game(key: str, kind: str) -> None:
    for seed in range(1, 13):
        h = _hand(key, seed=seed)
        _to_draw(h)
        seat = h.to_act
        assert seat is not None
        n = seed % 4 + 1
        thrown = format_cards(PLAIN[kind](list(h.down[seat]), n))
        assert act(h, f"d{n}").startswith(f"seat {seat} draws {n}: discards {thrown}, receives "), (key, seed)


def test_discard_tokens_throw_the_worst_cards() -> None:
    h = play(_hand("super-razzdugi", seed=24), ["i", "x", "c", "c"])
    seat = h.to_act
    assert seat is not None
    worst_first = PLAIN["ace-low low"](list(h.down[seat]), 2)
    assert act(h, "k2") == f"seat {seat} discards {format_cards(worst_first)}"      # worst first
    seat = h.to_act
    assert seat is not None
    least_bad_first = sorted(h.down[seat], key=lambda c: (_rank(c) + 1) % 13)[-2:]  # the ace low
    assert act(h, "k") == f"seat {seat} discards {format_cards(least_bad_first)}"   # as many as the street asks


def test_widget_and_figures_play_the_engines_interpreter() -> None:
    assert scripted_hands.act is act
    tokens = ["i", "x", "c", "c", "k", "k", "k", "b", "c", "c"]
    history = play(_hand("super-razzdugi", seed=24, button=0), tokens).history
    assert scripted_hands.play("super-razzdugi", tokens, [100] * 3, seed=24).history == history
    assert play_recorded("super-razzdugi", tokens, [100] * 3, seed=24).hand.history == history


def test_walkthrough_bets_through_the_interpreter() -> None:
    w = Walkthrough("badugi", players=3, seed=14, script="r c c c b r f c")
    h = Hand(POT_DECLARATIONS["badugi"], [200] * 3, seed=14)
    lines = [act(h, t) for t in ["r", "c", "c"]]
    assert lines == ["seat 0 raises to $4", "seat 1 calls $3", "seat 2 calls $2"]
    assert w.history[:len(h.history)] == h.history
    assert "seat 1 folds" in w.history  # the seventh token, after the first draw


# --- refusals --------------------------------------------------------------------------------

@pytest.mark.parametrize("token", ["z", "", "fold", "c2", "dd", "pp", " f", "k-1", "D2"])
def test_unknown_tokens_name_the_language(token: str) -> None:
    with pytest.raises(GameError) as err:
        act(_hand("badugi"), token)
    message = str(err.value)
    assert message.startswith("unknown script token") and "f (fold)" in message and "dN" in message


def test_refusals() -> None:
    h = _hand("badugi")
    with pytest.raises(GameError, match="a script token is a word"):
        act(h, 3)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="the amount in the script token 'r1x'"):
        act(h, "r1x")
    with pytest.raises(GameError, match="the amount in the script token 'b:12'"):
        act(h, "b:12")
    with pytest.raises(GameError, match="not legal"):
        act(h, "r3")                         # a limit raise is to $4
    with pytest.raises(GameError, match="not legal"):
        act(h, "d2")                         # no draw while betting
    for t in ["r", "r", "r", "r"]:
        act(h, t)
    with pytest.raises(GameError, match="no bet or raise is legal now: fold, call"):
        act(h, "r")                          # capped (R13)
    h = _hand("badugi", 2)
    _to_draw(h)
    with pytest.raises(GameError, match="draws too many cards: seat 1 holds 4 down, so the count is 1 to 4"):
        act(h, "d5")
    with pytest.raises(GameError, match="draws no cards"):
        act(h, "d0")
    with pytest.raises(GameError, match="draws too many cards"):
        act(h, "d" + "9" * 5000)
    with pytest.raises(GameError, match="not a card"):
        act(h, "d:Zz")
    h = _hand("badugi", 2)
    act(h, "f")
    with pytest.raises(GameError, match="comes after the end of the hand"):
        act(h, "k")
    with pytest.raises(GameError, match="the script token 'c' comes after the end of the hand"):
        play(_hand("badugi", 2), ["f", "c"])
    with pytest.raises(GameError, match="unknown script token"):
        Walkthrough("badugi", players=2, seed=1, script="z")
