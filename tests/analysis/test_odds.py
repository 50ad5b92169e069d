"""The odds calculator (gamelib/analysis/odds/calculator.py) against a plain brute force.

The oracle loops over every remaining deal with itertools and judges each showdown with the
engine's ``judge`` (``showdown()``), adding each seat's share of the pot as exact fractions; the
calculator must give exactly the same equities, win and tie counts and scoops, in every pot
game. Dead cards keep the decks small, so each case is a few hundred to a few thousand deals.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gamelib import POT_GAMES
from gamelib.analysis.odds import odds
from gamelib.cards import format_cards, parse_cards
from gamelib.engine.showdown import SPLIT_NAME, judge
from gamelib.errors import CardError, DuplicateCardError, GameError, HandSizeError
from gamelib.games.pot import POT_DECLARATIONS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from odds_oracle import assert_matches  # noqa: E402  (tests/analysis/odds_oracle.py)


def brute_force(key: str, hands: Sequence[str | None], boards: Sequence[str] = (), dead: str = "",
                discards: Sequence[str | None] | None = None) -> dict[str, Any]:
    """Every deal of the unknown cards, one ``judge`` each: equity, scoop, per-portion win/tie."""
    game = POT_DECLARATIONS[key]
    n = len(hands)
    known = [parse_cards(h) if h else [] for h in hands]
    throws = [parse_cards(d) if d else [] for d in (discards or [None] * n)]
    board_known = [parse_cards(b) for b in boards] or [[] for _ in range(game.boards)]
    seen = {c for h in known for c in h} | {c for b in board_known for c in b} | set(parse_cards(dead))
    deck = [c for c in range(52) if c not in seen]
    needs = [game.hole_cards - len(known[i]) + len(throws[i]) for i in range(n)]
    board_needs = [5 - len(b) for b in board_known]
    names = [p.name for p in game.portions] + ([SPLIT_NAME] if game.no_qualifier else [])
    equity = [Fraction(0)] * n
    scoop = [0] * n
    win = {(p, i): 0 for p in names for i in range(n)}
    tie = dict(win)
    deals = 0

    def fill(rest: list[int], sizes: list[int]) -> Any:
        if not sizes:
            yield []
            return
        for pick in itertools.combinations(rest, sizes[0]):
            left = [c for c in rest if c not in pick]
            for more in fill(left, sizes[1:]):
                yield [list(pick)] + more

    for groups in fill(deck, needs + board_needs):
        final = [[c for c in known[i] if c not in throws[i]] + groups[i] for i in range(n)]
        full_boards = [board_known[b] + groups[n + b] for b in range(game.boards)]
        sd = judge(game, final, boards=full_boards or None)
        deals += 1
        got = [Fraction(0)] * n
        for p in sd.portions:
            for i in p.winners:
                got[i] += p.share / len(p.winners)
                if len(p.winners) == 1:
                    win[(p.name, i)] += 1
                else:
                    tie[(p.name, i)] += 1
        for i in range(n):
            equity[i] += got[i]
            scoop[i] += got[i] == 1
    return {"deals": deals, "equity": [e / deals for e in equity], "scoop": [Fraction(s, deals) for s in scoop],
            "win": {k: Fraction(v, deals) for k, v in win.items()},
            "tie": {k: Fraction(v, deals) for k, v in tie.items()}}


def _dead(*keep: str, leave: int, high: int = 0) -> str:
    """Dead cards: every card except those in ``keep``, the ``leave`` lowest others and the
    ``high`` highest."""
    used = {c for k in keep for c in parse_cards(k)}
    free = [c for c in range(52) if c not in used]
    return format_cards(free[leave:len(free) - high])


# (game, hands, boards, dead, discards): small cases covering every pot game; the notes say what
# each one exercises.
CASES: list[tuple[str, list[str | None], list[str], str, list[str | None] | None]] = [
    # Archie: one draw each; pair-of-nines and eight-low qualifiers, and R8's split when nobody qualifies
    ("archie", ["Kc Qd Jh 6s 3c", "As 2d 4h 7c Td"], [], "", ["Kc", "Td"]),
    ("archie", ["Kc Qd Jh 8s 3c", "Ks Td 4h 7c 2d"], [], _dead("Kc Qd Jh 8s 3c Ks Td 4h 7c 2d", leave=8, high=8),
     ["Kc", "Ks"]),
    # Drawmaha: river to come (draw half fixed on the hole cards, Omaha half on the board), and a declared draw
    ("drawmaha", ["As Ks Qd Jd 2c", "9h 9c 8h 7c 6d"], ["Ts 5d 4c 3h"], "", None),
    ("drawmaha", ["As Ks Qd Jd 2c", "9h 9c 8h 7c 6d"], ["Ts 5d 4c"],
     _dead("As Ks Qd Jd 2c 9h 9c 8h 7c 6d Ts 5d 4c", leave=12), ["2c", ""]),
    ("drawmaha-27", ["7s 5s 4d 3d 2c", "9h 9c 8h 7c 6d"], ["Ts 5d 4c 3h"], "", None),
    # triple draws: last draw declared
    ("a5-triple-draw", ["As 2d 3h 4c Kd", "Ac 2h 3c 5d 6s"], [], "", ["Kd", ""]),
    ("27-triple-draw", ["7s 5s 4d 3d Kc", "8h 6c 5h 4h 2c"], [], "", ["Kc", ""]),
    # Double Board Omaha: both boards' rivers and turns to come
    ("double-board-omaha", ["As Ad Kc Kd", "Qs Qd Jc Th"], ["2c 7h 9s 3d", "Ah 8c 8d"],
     _dead("As Ad Kc Kd Qs Qd Jc Th 2c 7h 9s 3d Ah 8c 8d", leave=6, high=8), None),
    # Stud 8: two down cards to come each (split and quartered pots, no-low high-only pots)
    ("stud8", ["As 2s 3c 4d 9h", "Ah 2h Kc Kd 7s"], [], _dead("As 2s 3c 4d 9h Ah 2h Kc Kd 7s", leave=10), None),
    ("stud8", ["As 2s 3c 4d 5h 9h", "Ah 2h 3h 4h 5c Kd"], [], _dead("As 2s 3c 4d 5h 9h Ah 2h 3h 4h 5c Kd", leave=16),
     None),
    # Big O: turn and river to come (quartered lows), and a random player on the river
    ("big-o", ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], ["7h 8h 9c"],
     _dead("As Ad 2c 3d 4h Ks Kd Qc Jh Tc 7h 8h 9c", leave=20), None),
    ("big-o", ["Ac 2c 3d Kh Ks", "Ad 2d 4s Qh Qc"], ["5h 6h 9c Td"], "", None),
    ("big-o", ["Ac 2c 3d Kh Ks", None], ["5h 6h 9c Td 8s"], _dead("Ac 2c 3d Kh Ks 5h 6h 9c Td 8s", leave=9), None),
    # Badugi and its relatives: one draw declared each
    ("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], [], "", ["Kh", ""]),
    ("badugi", ["As 2d 3h Kh", "2c 4d 6h 8h"], [], "", ["Kh", "8h"]),
    ("badacey", ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], [], "", ["Kh", ""]),
    ("badeucey", ["2s 3d 4h 7c Kh", "2c 3h 5s 6d 8c"], [], "", ["Kh", ""]),
    # Razzdugi family: stud cards to come
    ("razzdugi", ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], [], _dead("As 2d 3h 4c Kh Ac 2h 4s 5d 7c", leave=10), None),
    ("27-razzdugi", ["2s 3d 4h 7c Kh", "2c 3h 5s 6d 8c"], [], _dead("2s 3d 4h 7c Kh 2c 3h 5s 6d 8c", leave=10), None),
    ("super-razzdugi", ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], [], _dead("As 2d 3h 4c Kh Ac 2h 4s 5d 7c", leave=10),
     None),
    # Super Razzdugi before its discard (R15): the five third-street cards, two down cards declared thrown
    ("super-razzdugi", ["Kc Qd As 2d 3h", "Jd 2h Ac 4s 7c"], [], _dead("Kc Qd As 2d 3h Jd 2h Ac 4s 7c", leave=10),
     ["Kc Qd", "Jd 2h"]),
    # three players, one random hand, in a stud game
    ("razzdugi", ["As 2d 3h 4c Kh 9s", "Ac 2h 4s 5d 7c 8d", None], [],
     _dead("As 2d 3h 4c Kh 9s Ac 2h 4s 5d 7c 8d", leave=9), None),
]


def test_every_pot_game_has_a_case() -> None:
    assert {c[0] for c in CASES} == set(POT_GAMES)


@pytest.mark.parametrize("key,hands,boards,dead,discards", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_exact_agrees_with_brute_force(key: str, hands: list[str | None], boards: list[str], dead: str,
                                       discards: list[str | None] | None) -> None:
    want = brute_force(key, hands, boards, dead, discards)
    game = POT_DECLARATIONS[key]
    kwargs: dict[str, Any] = {"boards": boards} if game.boards > 1 else {"board": boards[0]} if boards else {}
    got = odds(key, hands, dead=dead or None, discards=discards, **kwargs)
    assert got.exact and got.deals == want["deals"]
    assert_matches(got, want)


def test_cases_cover_split_quartered_and_unqualified_pots() -> None:
    """The cases are not trivial: somewhere a low is quartered, a high is tied, and Archie splits (R8)."""
    archie = odds("archie", *CASES[1][1:2], dead=CASES[1][3], discards=CASES[1][4])
    split = next(q for q in archie.players[0].portions if q.name == SPLIT_NAME)
    assert 0 < split.tie < 1
    big_o = odds("big-o", CASES[11][1], board=CASES[11][2][0])
    low = [next(q for q in p.portions if q.name == "low") for p in big_o.players]
    assert all(q.tie > 0 for q in low)  # A-2 both ways: the low is quartered
    dbo = odds("double-board-omaha", CASES[7][1], boards=CASES[7][2], dead=CASES[7][3])
    assert {q.name for q in dbo.players[0].portions} == {"board 1", "board 2"}
    assert 0 < dbo.players[0].scoop < dbo.players[0].equity


@pytest.mark.parametrize("call,error,words", [
    (lambda: odds("badugi", ["As 2d 3h 4c", "As 5d 6h 7c"]), DuplicateCardError, "As is in seat 0's hand and seat 1's"),
    (lambda: odds("badugi", ["As 2d 3h 4c", "Xs 5d 6h 7c"]), CardError, "Xs"),
    (lambda: odds("badugi", ["As 2d 3h", "5d 6h 7c 8s"]), HandSizeError, "give 4 cards"),
    (lambda: odds("badugi", ["As 2d 3h 4c"]), GameError, "2 to 8 players"),
    (lambda: odds("badugi", ["As 2d 3h 4c", None], board="Ks Qs Js"), HandSizeError, "has no board"),
    (lambda: odds("big-o", ["As 2d 3h 4c 5s", None], board="Ks Qs"), HandSizeError, "shows 0, 3, 4 or 5"),
    (lambda: odds("double-board-omaha", ["As 2d 3h 4c", None], board="Ks Qs Js"), HandSizeError, "2 boards"),
    (lambda: odds("stud8", [None] * 8), GameError, "only 52 are left"),
    (lambda: odds("badugi", ["As 2d 3h 4c", None], discards=["Ks", None]), GameError, "not in its hand"),
    (lambda: odds("badugi", ["As 2d 3h 4c", None], discards=["As", "2c"]), GameError, "random hand"),
    (lambda: odds("stud8", ["As 2d 3h", None], discards=["As", None]), GameError, "has no draw: give no discards"),
    (lambda: odds("badugi", ["As 2d 3h 4c", None], discards=["As", None], draws_to_come=0), GameError,
     "no draw is to come"),
    (lambda: odds("badugi", ["As 2d 3h 4c", None], draws_to_come=4), GameError, "from 0 to 3"),
    (lambda: odds("drawmaha", ["As 2d 3h 4c 5s", None], board="Ks Qs Js Ts", draws_to_come=1), HandSizeError,
     "3 cards at most"),
    (lambda: odds("chess", ["As", "Ks"]), GameError, "the pot games are"),
    (lambda: odds("super-razzdugi", ["Kc Qd As 2d 3h", None], discards=["Kc 3h", None]), GameError,
     "exactly 2 of its 4 down cards .* 3h is its up card"),
    (lambda: odds("super-razzdugi", ["Kc Qd As 2d 3h", None], discards=["Kc", None]), GameError, "it throws 1"),
    (lambda: odds("super-razzdugi", ["Kc Qd As 2d 3h 9s", None], discards=["Kc Qd", None]), HandSizeError,
     "the 5 cards dealt before it"),
    (lambda: odds("badugi", ["As 2d 3h 4c", None], dead="As"), DuplicateCardError, "the dead cards"),
    (lambda: odds("badugi", ["As 2d 3h 4c", None], budget=0), GameError, "budget"),
])
def test_refusals_say_what_is_wrong(call: Any, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        call()


def test_sampled_when_over_budget_with_standard_error() -> None:
    exact = odds("big-o", ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], board="7h 8h 9c")
    sampled = odds("big-o", ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], board="7h 8h 9c", budget=100, samples=4000, seed=3)
    assert not sampled.exact and sampled.method.startswith("sampled, 4,000 deals, seed 3, standard error 0.0")
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(float(e.equity) - float(s.equity)) < 4 * s.equity_se
    again = odds("big-o", ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], board="7h 8h 9c", budget=100, samples=4000, seed=3)
    assert again == sampled


def test_automatic_player_makes_later_draws_and_says_so() -> None:
    r = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h Qs"], discards=["Kh", "Qs"], draws_to_come=2, budget=1000,
             samples=60)
    assert not r.exact and r.deals == 60 and "automatic player" in r.notes[0]
    assert (r.method.endswith("standard error 0.0" + r.method.split("standard error 0.0")[1])
            and "deal by deal" in r.method)
    assert sum(p.equity for p in r.players) == 1
    assert r.players[0].draw == "throws Kh"


def test_the_nuts_keep_winning_through_the_automatic_players_draws() -> None:
    """A-2-3-4 in four suits stands pat through three draws against a random hand drawn by the
    automatic player: it wins every sampled deal (no replacement can beat or tie it)."""
    r = odds("badugi", ["As 2d 3h 4c", None], discards=["", None], draws_to_come=3, samples=60)
    assert not r.exact and r.deals == 60 and "automatic player" in r.notes[0]
    assert r.players[0].equity == 1 and r.players[0].portions[0].win == 1


def test_frame_gives_integer_counts_over_the_deals() -> None:
    """The table's counts are the brute force's: wins and ties as whole deals out of the total."""
    key, hands, boards, dead, discards = CASES[11]
    want = brute_force(key, hands, boards, dead, discards)
    df = odds(key, hands, board=boards[0]).frame()
    assert set(df["deals"]) == {want["deals"]}
    for row in df.itertuples():
        assert Fraction(row.wins, row.deals) == want["win"][(row.portion, row.seat)]
        assert Fraction(row.ties, row.deals) == want["tie"][(row.portion, row.seat)]
    assert sum(df["share"]) == 1


def test_the_words_for_a_random_hand_and_a_pat_draw() -> None:
    """``odds`` reads the words the command line and the widget pass on as typed: ``random`` or
    ``?`` for a hand nobody has seen, ``pat`` for a draw that stands pat."""
    plain = odds("badugi", ["As 2d 3h Kh", None], discards=["", None], draws_to_come=1)
    assert odds("badugi", ["As 2d 3h Kh", "Random"], discards=["pat", None], draws_to_come=1) == plain
    assert odds("badugi", ["As 2d 3h Kh", "?"], discards=[" PAT ", None], draws_to_come=1) == plain


def test_the_big_o_chapters_example_agrees_with_brute_force() -> None:
    """The Big O chapter's worked example on the flop (book/mixed/big-o8.ipynb, glued as
    ``chances-*``), every one of its deals, no dead cards."""
    hands, board = ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], "7h 8h 9c"
    want = brute_force("big-o", hands, [board])
    got = odds("big-o", hands, board=board)
    assert got.exact and got.deals == want["deals"] == 741
    assert_matches(got, want)
