"""Figures for the book's prose, computed by the engine and pasted into the text with glue.

A chapter never types a number or a hand that the engine can work out: a pot split, a raise
limit, a count, a percentage, the best hand of a system. A code cell computes it with these
helpers and stores it with myst-nb's ``glue`` (``glue_figures``); the Markdown pastes it with
``{glue:text}`name```. If the engine changes, the prose changes with it.

Every helper returns plain strings keyed by a short name, so a test can read the same figures
without a notebook:

>>> from gamelib import get_game
>>> f = award_figures(get_game("archie").showdown(["Ac Ad 9h 5s 2c", "As 2d 3h 4c 6d"]), [(21, [0, 1])])
>>> f["pot"], f["high"], f["low"], f["seat0"]
('$21', '$11', '$10', '$11')
>>> pot_limit_figures("badugi", 1, 2)["max"]
'$7'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..cards import CardsLike, card_name, format_cards, parse_cards, rank_of
from ..engine.actions import ActionKind
from ..engine.hand import Hand
from ..engine.payouts import PayExplanation, explain_award
from ..engine.script import act
from ..engine.showdown import Showdown
from ..errors import GameError
from ..games.pot import POT_DECLARATIONS, Structure, big_bet_structure
from ..rankings import best_hand, describe, evaluate


def money(amount: int) -> str:
    """Whole dollars as the book writes them.

    >>> money(7), money(1000)
    ('$7', '$1,000')
    """
    return f"${int(amount):,}"


def number(n: int) -> str:
    """A count with thousands separators.

    >>> number(2598960)
    '2,598,960'
    """
    return f"{int(n):,}"


_SMALL = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
          "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty")


def in_words(n: int) -> str:
    """A small count in words, as prose writes it (digits from 21 on).

    >>> in_words(2), in_words(14), in_words(52)
    ('two', 'fourteen', '52')
    """
    return _SMALL[n] if 0 <= n < len(_SMALL) else number(n)


def percent(part: int, whole: int, digits: int = 1) -> str:
    """``part`` of ``whole`` as a percentage, rounded to ``digits`` places.

    >>> percent(1302540, 2598960)
    '50.1%'
    """
    return f"{100 * int(part) / int(whole):.{digits}f}%"


def one_in(part: int, whole: int) -> str:
    """"One in N" for a share, N rounded to a whole number.

    >>> one_in(17160, 270725)
    '16'
    """
    return str(round(Fraction(int(whole), int(part))))


def slug(name: str) -> str:
    """A portion or street name as part of a glue name.

    >>> slug("2-7 razz"), slug("board 1"), slug("split (no qualifier)")
    ('2-7-razz', 'board-1', 'split-no-qualifier')
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def glue_figures(prefix: str, figures: Mapping[str, object]) -> None:
    """Store each figure for the Markdown as ``{glue:text}`prefix-name```.

    The values are pasted as text, exactly as given (``str`` of anything else). Outside a
    notebook kernel nothing is stored. Nothing is returned, so the call may end a cell without
    printing anything.

    >>> glue_names("demo", {"pot": "$21"})
    {'demo-pot': '$21'}
    """
    out = glue_names(prefix, figures)
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return
    if get_ipython() is None:
        return
    from myst_nb import glue

    for name, text in out.items():
        glue(name, text, display=False)


def glue_names(prefix: str, figures: Mapping[str, object]) -> dict[str, str]:
    """The glue names and texts ``glue_figures`` stores."""
    return {f"{prefix}-{k}" if prefix else k: v if isinstance(v, str) else str(v) for k, v in figures.items()}


def display_html(text: str) -> None:
    """Show HTML in a notebook's output, as ``display(HTML(text))`` does; outside a notebook
    kernel nothing is shown. Nothing is returned, so the call may end a cell.

    >>> display_html("<b>shown in a notebook only</b>")
    """
    from IPython import get_ipython
    from IPython.display import HTML, display

    if get_ipython() is not None:
        display(HTML(text))  # type: ignore[no-untyped-call]  # IPython's display functions are untyped


# --- hands ---------------------------------------------------------------------------------

_RANK = r"[2-9TJQKA]"
_RANKS = rf"{_RANK}(?:-{_RANK})+"


def split_words(words: str) -> tuple[str, str]:
    """The engine's words for a hand split into its name and its ranks ("" when none are given).

    >>> split_words("six-four low (6-4-3-2-A)"), split_words("four-card badugi 9-8-6-2")
    (('six-four low', '6-4-3-2-A'), ('four-card badugi', '9-8-6-2'))
    >>> split_words("five-four low, the wheel (5-4-3-2-A)"), split_words("one-card badugi T")
    (('five-four low, the wheel', '5-4-3-2-A'), ('one-card badugi', 'T'))
    """
    found = re.search(rf"\s*\(({_RANKS})\)$", words) or re.search(rf"\s+({_RANKS}|{_RANK})$", words)
    if not found:
        return words, ""
    return words[:found.start()], found.group(1)


def hand_ranks(system: str, cards: CardsLike, board: CardsLike | None = None) -> str:
    """The ranks of the hand that plays in ``system``, as a dealer reads them ("6-4-3-2-A").

    >>> hand_ranks("low8", "Ac 2d 3h 4s 6c Kd Ks"), hand_ranks("27-low", "As 2d 3h 4c 6s Kd Qd")
    ('6-4-3-2-A', 'Q-6-4-3-2')
    >>> hand_ranks("badugi", "5s 5c 9s 3h"), hand_ranks("high", "Kh Kd Ks 4c 4d")
    ('9-5-3', 'K-K-K-4-4')
    """
    ranks = split_words(hand_words(system, cards, board))[1]
    if ranks:
        return ranks
    played = best_hand(system, cards, board) if board is not None else best_hand(system, cards)
    return "-".join(format_cards([c])[0] for c in played)  # rank letters, in the order played


def hand_words(system: str, cards: CardsLike, board: CardsLike | None = None) -> str:
    """The engine's words for a hand in ``system``.

    >>> hand_words("high", "9c 9d 4h 3s 2c")
    'pair of nines (9-9-4-3-2)'
    """
    value = evaluate(system, [cards], board=board)[0] if board is not None else evaluate(system, [cards])[0]
    return describe(system, int(value))


def hand_name(system: str, cards: CardsLike, board: CardsLike | None = None) -> str:
    """The engine's words for a hand without the ranks in brackets.

    >>> hand_name("high", "9c 9d 4h 3s 2c"), hand_name("low8", "As 2d 3h 4c 7d")
    ('pair of nines', 'seven-four low')
    """
    return split_words(hand_words(system, cards, board))[0]


# --- pots ----------------------------------------------------------------------------------

def award_figures(showdown: Showdown, pots: Sequence[tuple[int, Iterable[int]]], button: int = 0,
                  ) -> dict[str, str]:
    """The dollars of a showdown's award, by name (see ``explain_award``).

    ``pot`` (the main pot), ``side1``...; for each portion of the main pot, ``<portion>`` (its
    dollars), ``<portion>-seat<s>`` (what seat ``s`` gets from it) and ``<portion>-first`` (the
    seat first in line for its odd dollar, R6); the same for side pot ``k`` prefixed
    ``side<k>-``; ``seat<s>`` is each seat's total.

    >>> from gamelib import get_game
    >>> sd = get_game("badugi").showdown(["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
    >>> f = award_figures(sd, [(25, [0, 1, 2])], button=2)
    >>> f["badugi-seat0"], f["badugi-seat1"], f["seat2"]
    ('$13', '$12', '$0')
    """
    e: PayExplanation = explain_award(showdown, pots, button=button)
    out: dict[str, str] = {}
    for k, (amount, _) in enumerate(pots):
        out["pot" if k == 0 else f"side{k}"] = money(amount)
    names = ["main pot"] + [f"side pot {k}" for k in range(1, len(pots))]
    for line in e.lines:
        k = names.index(line.pot_name)
        head = "" if k == 0 else f"side{k}-"
        out[head + slug(line.portion)] = money(line.dollars)
        out[f"{head}{slug(line.portion)}-first"] = str(line.paid[0][0])
        for s, x in line.paid:
            out[f"{head}{slug(line.portion)}-seat{s}"] = money(x)
    for s, x in enumerate(e.totals):
        out[f"seat{s}"] = money(x)
    return out


def seat_figures(showdown: Showdown) -> dict[str, str]:
    """Every live seat's hand in every portion, in the engine's words, by name.

    ``s<seat>-<portion>`` is the hand's name ("pair of aces", "no qualifying low") and
    ``s<seat>-<portion>-ranks`` its ranks ("A-A-9-5-2") where the words give them.

    >>> from gamelib import get_game
    >>> f = seat_figures(get_game("archie").showdown(["Ac Ad 9h 5s 2c", "As 2d 3h 4c 6d"]))
    >>> f["s0-high"], f["s0-high-ranks"], f["s1-low"], f["s0-low"]
    ('pair of aces', 'A-A-9-5-2', 'six-four low', 'no qualifying low')
    """
    from ..engine.walkthrough import hand_words as portion_words

    out: dict[str, str] = {}
    for s, cards in enumerate(showdown.hands):
        if cards is None:
            continue
        for portion, words in zip(showdown.game.portions, portion_words(showdown.game, cards, showdown.boards),
                                  strict=True):
            name, ranks = split_words(words or "")
            out[f"s{s}-{slug(portion.name)}"] = name
            if ranks:
                out[f"s{s}-{slug(portion.name)}-ranks"] = ranks
    return out


def showdown_figures(showdown: Showdown, pots: Sequence[tuple[int, Iterable[int]]], button: int = 0,
                     ) -> dict[str, str]:
    """``award_figures`` and ``seat_figures`` together, plus ``button``, and for each portion of
    each pot who won it, read from the engine's award (never typed in prose):
    ``[side<k>-]<portion>-winner`` ("seat 1", "seats 0 and 1") and, where one seat won it,
    ``[side<k>-]<portion>-winner-hand``, that seat's hand in that portion's words.

    >>> from gamelib import get_game
    >>> sd = get_game("badugi").showdown(["As 2d 3h 4c", "Kc Qd Jh Ts", "9h 8c 5c 2s"])
    >>> f = showdown_figures(sd, [(24, [0, 1, 2]), (10, [1, 2])])
    >>> f["badugi-winner"], f["side1-badugi-winner"], f["side1-badugi-winner-hand"]
    ('seat 0', 'seat 1', 'four-card badugi K-Q-J-T')
    """
    seats = seat_figures(showdown)
    out = {**award_figures(showdown, pots, button), **seats, "button": str(button)}
    e: PayExplanation = explain_award(showdown, pots, button=button)
    names = ["main pot"] + [f"side pot {k}" for k in range(1, len(pots))]
    for line in e.lines:
        k = names.index(line.pot_name)
        key = ("" if k == 0 else f"side{k}-") + slug(line.portion)
        won = sorted({s for s, _ in line.paid})
        out[f"{key}-winner"] = (f"seat {won[0]}" if len(won) == 1
                                else "seats " + ", ".join(map(str, won[:-1])) + f" and {won[-1]}")
        if len(won) == 1:
            hand = seats.get(f"s{won[0]}-{slug(line.portion)}", "")
            ranks = seats.get(f"s{won[0]}-{slug(line.portion)}-ranks", "")
            out[f"{key}-winner-hand"] = f"{hand} {ranks}".strip()
    return out


# --- betting -------------------------------------------------------------------------------

def pot_limit_figures(game: str, small_blind: int, big_blind: int, players: int = 3, stack: int = 200,
                      raises: int = 1) -> dict[str, str]:
    """The pot-limit maximum (R16) worked out by the engine, raise by raise.

    Each player in turn makes the largest raise the engine allows. For raise ``i`` (1, 2, ...):
    ``call<i>`` what he must call, ``pot<i>`` the pot once he has called, ``by<i>`` how much he
    may raise on top of the call, ``max<i>``/``min<i>`` the largest and smallest total his bet
    may become, ``seat<i>`` his seat. Without a number the keys are those of the first raise.
    ``small-blind``, ``big-blind`` and ``stake`` ("$1/$2") describe the blinds.

    >>> f = pot_limit_figures("big-o", 1, 2, players=4, raises=2)
    >>> f["call"], f["pot"], f["by"], f["max"], f["max2"]
    ('$2', '$5', '$5', '$7', '$24')
    """
    hand = Hand(POT_DECLARATIONS[game], [stack] * players,
                structure=big_bet_structure("pot-limit", small_blind, big_blind), seed=0)
    out = {"small-blind": money(small_blind), "big-blind": money(big_blind),
           "stake": f"{money(small_blind)}/{money(big_blind)}", "players": str(players)}
    for i in range(1, raises + 1):
        s = hand.to_act
        legal = {a.kind: a for a in hand.legal_actions()}
        if ActionKind.RAISE not in legal or ActionKind.CALL not in legal:
            raise GameError(f"raise {i}: seat {s} may not call and raise: {hand.legal_words()}")
        call, most, least = legal[ActionKind.CALL].min, legal[ActionKind.RAISE].max, legal[ActionKind.RAISE].min
        if s is None or call is None or most is None or least is None:  # a legal call and raise have amounts
            raise GameError(f"raise {i}: the engine gave no amounts: {hand.legal_words()}")
        call_to = hand.committed[s] + call
        figures = {"seat": str(s), "call": money(call), "call-to": money(call_to),
                   "pot": money(hand.pot + call), "by": money(most - call_to),
                   "max": money(most), "min": money(least),
                   "before": money(hand.pot)}
        for k, v in figures.items():
            out[f"{k}{i}"] = v
            if i == 1:
                out[k] = v
        hand.act(ActionKind.RAISE, most)
    return out


def first_actions(game: str, structure: Structure, players: int = 3, stack: int = 200) -> str:
    """What the first player may do, in the engine's words.

    >>> first_actions("badugi", big_bet_structure("no-limit", 1, 2))
    'fold, call $2, raise to $4-$200'
    """
    hand = Hand(POT_DECLARATIONS[game], [stack] * players, structure=structure, seed=0)
    return hand.legal_words()


@dataclass
class PlayedHand:
    """A scripted hand and, for each street, the seat that acted first on it."""

    hand: Hand
    first: dict[str, int | None]

    def up_cards(self, seat: int, street: str) -> str:
        """The up cards ``seat`` showed when ``street`` was dealt ("Kd Jc")."""
        names = [s.name for s in self.hand.game.streets]
        shown = sum(st.up for st in self.hand.game.streets[:names.index(street) + 1])
        return format_cards(self.hand.up[seat][:shown])


def play_recorded(game: str, script: Sequence[str], stacks: Sequence[int], seed: int = 1,
                  structure: Structure | None = None) -> PlayedHand:
    """``scripted_hands.play`` that also records who acted first on each street (the tokens are
    played by the engine's interpreter, ``gamelib.engine.script.act``).

    >>> p = play_recorded("stud8", ["i", "f", "f"], [20, 20, 20], seed=1)
    >>> p.first["third street"], p.up_cards(2, "third street")
    (2, '7h')
    """
    hand = Hand(POT_DECLARATIONS[game], list(stacks), structure=structure, seed=seed)
    first: dict[str, int | None] = {}
    for token in script:
        if not hand.is_over:  # else ``act`` refuses the token: it comes after the end of the hand
            first.setdefault(hand.street.name, hand.to_act)
        act(hand, token)
    return PlayedHand(hand, first)


def played_figures(played: PlayedHand) -> dict[str, str]:
    """The figures of a scripted stud or button hand: who acted first, the showdown, the money.

    ``players``, ``stack`` (the first seat's), ``stake`` ("$2/$4"), ``bring-in`` (stud);
    for each street ``<street>-seat`` (first to act) and, in stud, ``<street>-board`` (his up
    cards' ranks from the top, "K-J", the ace low where the game reads boards as ace-to-five
    lows) and ``<street>-card`` (his last up card in words); ``pot``, ``reasons``
    (the engine's words for each portion's winner, joined) and ``paid`` ("seat 0 $17, seat 2 $17").

    >>> f = played_figures(play_recorded("stud8", ["i", "f", "f"], [20, 20, 20], seed=1))
    >>> f["third-street-seat"], f["third-street-card"], f["paid"]
    ('2', 'seven of hearts', 'seat 2 $1')
    """
    h = played.hand
    st = h.structure
    out = {"players": in_words(h.n), "stack": money(h.start_stacks[0]),
           "stake": f"{money(st.small_bet)}/{money(st.big_bet)}", "pot": money(h.pot)}
    if st.bring_in:
        out["bring-in"] = money(st.bring_in)
    for street, seat in played.first.items():
        if seat is None:
            continue
        out[f"{slug(street)}-seat"] = str(seat)
        if h.game.is_stud and h.up[seat]:
            up = parse_cards(played.up_cards(seat, street))
            ace_low = h.game.board_order == "low-a5"  # R14: the board is read as the game reads it
            board = sorted(up, key=lambda c: -1 if ace_low and rank_of(c) == 12 else rank_of(c), reverse=True)
            out[f"{slug(street)}-board"] = "-".join(format_cards([c])[0] for c in board)
            out[f"{slug(street)}-card"] = card_name(up[-1])
    if h.showdown is not None:
        out["reasons"] = "; ".join(h.showdown.reasons)
    out["paid"] = ", ".join(f"seat {s} {money(x)}" for s, x in enumerate(h.winnings) if x)
    return out


def bring_in_seat(game: str, up_cards: Sequence[str]) -> int:
    """The seat the engine makes bring it in when the seats show ``up_cards`` on third street.

    The down cards are dealt from the rest of the deck; seat 0 has the button, so the deal
    starts with seat 1 (as ``betting_structures.stud_bring_in_html`` deals it).

    >>> bring_in_seat("stud8", ["Kd", "2c", "2s"]), bring_in_seat("razzdugi", ["Kd", "2c", "Ks"])
    (1, 2)
    """
    g = POT_DECLARATIONS[game]
    n = len(up_cards)
    ups = [parse_cards(u, n=1, what="up card")[0] for u in up_cards]
    rest = [c for c in range(52) if c not in ups]
    deck = rest[:g.streets[0].down * n] + [ups[(s + 1) % n] for s in range(n)]
    hand = Hand(g, [50] * n, button=0, deck=format_cards(deck), seed=0)
    assert hand.to_act is not None
    return hand.to_act


def games_using(*systems: str) -> str:
    """The pot games with a portion ranked by one of ``systems``, listed as prose.

    >>> games_using("27-low")
    'Drawmaha 2-7, Deuce-to-Seven Triple Draw, Badeucey and 2-7 Razzdugi'
    """
    titles = [g.title for g in POT_DECLARATIONS.values() if any(p.system in systems for p in g.portions)]
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def cards_text(cards: CardsLike) -> str:
    """Cards written as the book writes them ("Ac 2d").

    >>> cards_text("as 10d")
    'As Td'
    """
    return format_cards(parse_cards(cards))


__all__ = [
    "money", "number", "in_words", "percent", "one_in", "slug", "glue_figures", "glue_names", "display_html",
    "hand_ranks",
    "hand_words", "hand_name", "split_words", "seat_figures", "showdown_figures", "award_figures",
    "pot_limit_figures", "first_actions", "PlayedHand", "play_recorded", "played_figures", "bring_in_seat",
    "games_using", "cards_text",
]
