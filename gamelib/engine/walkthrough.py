"""A pot-game hand played out automatically, street by street, for the book's Deal widgets.

``Walkthrough(key, players, seed)`` plays one hand of any pot game with a simple automatic
player and keeps a picture of the table at the end of every street: each seat's cards, the
board(s), the pot, the history lines of that street and each hand's value in words for every
portion of the game. It reads only the game's declaration and the public state of
``gamelib.engine.hand.Hand``; nothing about a particular game is written here.

The automatic player (``draw_choice``) is a teaching device, not a strategy:

* **Betting**: every player checks when he can and calls otherwise; the stud bring-in is made
  for the minimum. Nobody folds, bets or raises, so every hand reaches the showdown.
* **Draws and discards**: the player tries every set of cards he could keep. For each he deals
  ``samples`` (64) seeded random replacements from the cards he cannot see (the same ones for
  every choice) and scores the finished hands portion by portion: a hand's ``strength`` is the
  share of 4,000 seeded random hands of the same size (on the same board) that it beats, ties
  counting half; its score is the chance of beating three such hands (strength cubed; nothing
  for a hand that does not qualify for that portion), weighted by the portion's share of the
  pot. With more draws to come, a set of cards kept is scored by the best of as many fillings
  as there are draws left (the player may redraw the same places). He keeps the set with the
  best average score; among equal scores he keeps more cards (standing pat first). His choices
  are plausible, not best.

How each pot is paid, explained (``explain_award``), is in ``gamelib.engine.payouts``;
this module re-exports it for the book's notebooks.

>>> w = Walkthrough("badugi", players=3, seed=7)
>>> [s.name for s in w.streets]
['deal', 'first draw', 'second draw', 'third draw']
>>> sum(w.winnings) == w.pot
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from ..amounts import items, whole_number
from ..errors import GameError, shown
from ..games.pot import Portion, PotGame, Structure
from ..rankings import describe, evaluate
from ..rankings import system as ranking_system
from . import events as ev
from .payouts import (  # re-exported for the book
    PayExplanation,
    PortionPay,
    explain_award,
    parse_pots,
    pots_from_contributions,
    sample_deal,
)
from .pot_game import PotGameEngine, pot_game
from .script import act
from .showdown import Showdown, qualifier_value

#: Seeded completions tried for each set of cards a player might keep.
DEFAULT_SAMPLES = 64
#: The most trial replacements the automatic player may make for one choice (each costs an
#: evaluation of every possible draw), and the longest action script read.
MAX_SAMPLES = 4096
MAX_SCRIPT = 10_000
#: Random hands each finished hand is measured against (``strength``), and their seed.
REFERENCE_HANDS = 4000
REFERENCE_SEED = 2026
#: The automatic player scores a hand by its chance to beat this many random hands.
FIELD = 3
#: Each automatic player's starting stack: enough to call every bet of a $2/$4 hand.
DEFAULT_STACK = 200


def portion_cards(portion: Portion, cards: Sequence[int],
                  boards: Sequence[Sequence[int]]) -> tuple[list[int], list[int] | None] | None:
    """The cards a portion reads now (hand, board), or ``None`` when it cannot be judged yet.

    >>> from gamelib.cards import parse_cards
    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> g = POT_DECLARATIONS["drawmaha"]
    >>> portion_cards(g.portions[1], parse_cards("As Kd 3c 4d 5h"), [[]]) is None
    True
    """
    hand = list(cards)
    system = ranking_system(portion.system)
    if system.uses_board:
        board = list(boards[portion.board]) if boards else []
        if len(board) < 3 or len(hand) not in system.hand_sizes:
            return None
        return hand, board
    if len(hand) not in system.hand_sizes:
        return None
    return hand, None


def hand_words(game: PotGame, cards: Sequence[int], boards: Sequence[Sequence[int]] = ()) -> list[str | None]:
    """Each portion's value of a hand in words (``None`` where it cannot be judged yet).

    >>> from gamelib.cards import parse_cards
    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> hand_words(POT_DECLARATIONS["badacey"], parse_cards("As 2d 3h 4c 9s"))
    ['nine-four low (9-4-3-2-A)', 'four-card badugi 4-3-2-A']
    """
    out: list[str | None] = []
    for p in game.portions:
        got = portion_cards(p, cards, boards)
        if got is None:
            out.append(None)
            continue
        hand, board = got
        out.append(describe(p.system, int(evaluate(p.system, [hand], board=board)[0])))
    return out


@lru_cache(maxsize=256)
def _reference(system: str, size: int, board: tuple[int, ...]) -> np.ndarray:
    """Sorted values of ``REFERENCE_HANDS`` seeded random hands of ``size`` cards (off the board)."""
    rest = np.array([c for c in range(52) if c not in board], dtype=np.int8)
    hands = rest[_reference_places(len(rest), size)]
    v = evaluate(system, hands, board=list(board) if board else None)
    return np.sort(v)


@lru_cache(maxsize=64)
def _reference_places(cards: int, size: int) -> np.ndarray:
    """Where the reference hands' cards sit among the ``cards`` cards off the board: the seeded
    draws are the same for every board of a size, so one shuffle serves every board (the same
    hands as shuffling afresh for each board)."""
    rng = np.random.default_rng(REFERENCE_SEED)
    places: np.ndarray = rng.random((REFERENCE_HANDS, cards)).argsort(axis=1)[:, :size]
    places.setflags(write=False)
    return places


def strength(system: str, values: np.ndarray, size: int, board: Sequence[int] = ()) -> np.ndarray:
    """Share of seeded random hands of the same size that each value beats (ties count half).

    >>> from gamelib.rankings import evaluate
    >>> float(strength("high", evaluate("high", ["As Ad Ah Ks Kd"]), 5)[0]) > 0.99
    True
    """
    values = np.asarray(values)
    if values.size == 0 or values.min() < 0:
        return _strength_of(_reference(system, size, tuple(board)), values)
    top = max(int(values.max()), 1)
    table = _strength_table(system, size, tuple(board), 1 << top.bit_length())  # covers 0 .. top
    out: np.ndarray = table[values]
    return out


def _strength_of(ref: np.ndarray, values: np.ndarray) -> np.ndarray:
    """``strength`` by its definition: where each value falls among the sorted reference values."""
    lo = np.searchsorted(ref, values, side="left")
    hi = np.searchsorted(ref, values, side="right")
    out: np.ndarray = (lo + hi) / (2.0 * len(ref))
    return out


@lru_cache(maxsize=256)
def _strength_table(system: str, size: int, board: tuple[int, ...], length: int) -> np.ndarray:
    """``strength`` of every value from 0 to ``length - 1``, looked up by value (the same floats
    as ``_strength_of``, which a hand's many values would otherwise each search for)."""
    return _strength_of(_reference(system, size, board), np.arange(length))


def _score(game: PotGame, hands: np.ndarray, boards: Sequence[Sequence[int]]) -> np.ndarray:
    """Sum over portions of share * strength, per row (the rows are the rule's own hands, valid by
    construction: valued unchecked, as ``evaluate`` values them once it has checked them)."""
    score = np.zeros(len(hands))
    size = hands.shape[1]
    for p in game.portions:
        board: list[int] = []
        rs = ranking_system(p.system)
        if rs.uses_board:
            board = list(boards[p.board]) if boards else []
            if len(board) < 3:
                continue
        v = rs.evaluate_array(hands, np.repeat(np.array([board], np.int64), len(hands), axis=0)) if board \
            else rs.evaluate_array(hands)
        if v.size and v.min() >= 0:  # each value's term looked up: the same floats, found once a value
            score += _portion_terms(p, size, tuple(board), 1 << max(int(v.max()), 1).bit_length())[v]
        else:
            score += _portion_term(p, v, size, board)
    return score


def _portion_term(p: Portion, v: np.ndarray, size: int, board: Sequence[int]) -> np.ndarray:
    """A portion's part of the score of hands of values ``v``: its share times the chance to beat
    ``FIELD`` random hands, nothing for a hand that does not qualify."""
    ok = v >= qualifier_value(p.system, p.qualifier)  # a hand that does not qualify scores 0
    beats = strength(p.system, v, size, board) ** FIELD  # chance to beat FIELD random hands
    out: np.ndarray = float(p.share) * np.where(ok, beats, 0.0)
    return out


@lru_cache(maxsize=256)
def _portion_terms(p: Portion, size: int, board: tuple[int, ...], length: int) -> np.ndarray:
    """``_portion_term`` of every value from 0 to ``length - 1``."""
    return _portion_term(p, np.arange(length, dtype=np.int32), size, board)


def draw_choices(game: PotGame, down: np.ndarray | Sequence[Sequence[int]],
                 up: np.ndarray | Sequence[Sequence[int]] | None = None, boards: Sequence[Sequence[int]] = (),
                 discard: int | None = None, seed: int | Sequence[int] = 0, samples: int = DEFAULT_SAMPLES,
                 tries: int = 1) -> list[list[int]]:
    """The cards the automatic player throws away (see the module docstring) from each of many
    hands at once, each sorted (``[]`` = stand pat): ``down[i]`` the cards he may throw, ``up[i]``
    those he keeps whatever he does (none by default), every hand with the same numbers of cards,
    seen with the same ``boards``.

    ``discard`` is the exact number to discard (Super Razzdugi's discard, R15), ``None`` for a
    draw (any number, or none). The finished hand has ``game.hole_cards`` cards. ``tries`` is
    how many draws are left, this one included: a set of cards kept is scored by the best of
    that many independent fillings, as if the player could redraw the same places. Every hand
    is tried with the same seeded replacements (drawn in the same order from the cards it cannot
    see), so a hand's answer does not depend on the other hands asked with it.

    >>> from gamelib.cards import format_cards, parse_cards
    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> hands = [parse_cards("Ac 2d 3h Ks Kc"), parse_cards("Ac 2d 3h 4s 5c")]
    >>> [format_cards(t) for t in draw_choices(POT_DECLARATIONS["a5-triple-draw"], hands, seed=1)]
    ['Kc Ks', '']
    """
    if not isinstance(tries, int) or tries < 1:
        raise GameError(f"tries is the number of draws left, 1 or more, not {shown(tries)}")
    down_a = np.asarray(down, dtype=np.int8)
    if down_a.ndim != 2:
        raise GameError(f"give the hands as rows of cards, not {shown(down)}")
    h_count, n_down = down_a.shape
    up_a = np.zeros((h_count, 0), np.int8) if up is None else np.asarray(up, dtype=np.int8).reshape(h_count, -1)
    if h_count == 0:
        return []
    held = np.concatenate([down_a, up_a], axis=1)  # the cards he holds, the ones he may throw first
    size = game.hole_cards
    seen = np.zeros((h_count, 52), bool)
    seen[np.arange(h_count)[:, None], held.astype(np.intp)] = True
    seen[:, [c for b in boards for c in b]] = True
    n_unseen = 52 - int(seen[0].sum())
    unseen = np.argsort(seen, axis=1, kind="stable")[:, :n_unseen].astype(np.int8)  # each hand's, ascending
    if discard is None:
        throws = [t for k in range(n_down + 1) for t in combinations(range(n_down), k)]
    else:
        throws = list(combinations(range(n_down), discard))
    rng = np.random.default_rng(seed)
    # the same random replacements for every choice (common random numbers: fairer comparisons)
    n_fill = samples * tries
    order = rng.random((n_fill, n_unseen)).argsort(axis=1)[:, :size]
    fills = unseen[:, order]  # (hands, n_fill, size): the same places of each hand's unseen cards
    blocks: list[np.ndarray] = []
    for t in throws:
        keep = held[:, [j for j in range(held.shape[1]) if j not in t]]
        need = size - keep.shape[1]
        if need <= 0:
            block = keep[:, None, :size]
        else:
            block = np.concatenate([np.broadcast_to(keep[:, None, :], (h_count, n_fill, keep.shape[1])),
                                    fills[:, :, :need]], axis=2)
        blocks.append(block)
    # (hands, rows per hand, size), laid out card by card: the evaluators read one column at a time
    by_card = np.empty((size, h_count, sum(b.shape[1] for b in blocks)), np.int8)
    at = 0
    for block in blocks:
        by_card[:, :, at:at + block.shape[1]] = block.transpose(2, 0, 1)
        at += block.shape[1]
    scores = _score(game, by_card.reshape(size, -1).T, boards).reshape(h_count, -1)
    best_i = np.zeros(h_count, np.intp)
    best = np.full(h_count, -1.0)
    at = 0
    for i, block in enumerate(blocks):
        n = block.shape[1]
        part = scores[:, at:at + n]
        at += n
        if n == 1:
            s = part[:, 0]
        else:  # the best of the tries of each sample (a maximum: in any order), then their mean
            fillings = part.reshape(h_count, samples, tries)
            top = fillings[:, :, 0].copy()
            for k in range(1, tries):
                np.maximum(top, fillings[:, :, k], out=top)
            s = top.mean(axis=1)
        better = s > best + 1e-12  # ties keep the earlier choice: fewer cards thrown
        best_i[better] = i
        best[better] = s[better]
    return [sorted(int(down_a[r, j]) for j in throws[best_i[r]]) for r in range(h_count)]


def draw_choice(game: PotGame, down: Sequence[int], up: Sequence[int] = (), boards: Sequence[Sequence[int]] = (),
                discard: int | None = None, seed: int | Sequence[int] = 0, samples: int = DEFAULT_SAMPLES,
                tries: int = 1) -> list[int]:
    """The cards the automatic player throws away from one hand: :func:`draw_choices` of that
    hand alone (``[]`` = stand pat).

    >>> from gamelib.cards import format_cards, parse_cards
    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> format_cards(draw_choice(POT_DECLARATIONS["a5-triple-draw"], parse_cards("Ac 2d 3h Ks Kc"), seed=1))
    'Kc Ks'
    """
    return draw_choices(game, [list(down)], [list(up)], boards, discard=discard, seed=seed, samples=samples,
                        tries=tries)[0]


@dataclass(frozen=True)
class SeatView:
    """One seat at the end of a street: cards down and up, and each portion's value in words."""

    seat: int
    down: tuple[int, ...]
    up: tuple[int, ...]
    words: tuple[str | None, ...]
    folded: bool = False

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card the seat holds (down then up).

        >>> SeatView(0, (1, 2), (3,), ()).cards
        (1, 2, 3)
        """
        return self.down + self.up


@dataclass(frozen=True)
class StreetView:
    """The table at the end of one street (its cards dealt or drawn and its betting done)."""

    index: int
    name: str
    seats: tuple[SeatView, ...]
    boards: tuple[tuple[int, ...], ...]
    pot: int
    history: tuple[str, ...]
    community: tuple[int, ...] = ()  # a stud community card every player uses (R-A6)


class Walkthrough:
    """One automatic hand of a pot game, kept street by street (see the module docstring).

    ``script`` optionally plays the betting: one token per betting action, in turn order, in the
    action-script language of ``gamelib.engine.script`` (``f`` fold, ``c`` check or call,
    ``b``/``r``/``x`` bet, raise or complete by the smallest legal amount, or to a stated total
    as in ``r12``, ``i`` bring in), played by its interpreter. After the script runs out, every
    player checks or calls. Draws are always automatic: a draw token is refused at the betting.

    >>> w = Walkthrough("archie", players=3, seed=2)
    >>> len(w.streets), w.streets[-1].seats[0].words[0] is not None
    (4, True)
    """

    def __init__(self, game: str | PotGameEngine, players: int = 4, seed: int = 1, button: int = 0,
                 stacks: Sequence[int] | None = None, structure: Structure | None = None,
                 samples: int = DEFAULT_SAMPLES, script: str = "") -> None:
        if isinstance(game, PotGameEngine):
            self.engine = game
        elif isinstance(game, str):
            self.engine = pot_game(game)
        else:
            raise GameError("a walkthrough is of a pot game, named by its key or given as get_game(key), "
                            f"not {shown(game)}")
        decl = self.engine.declaration
        self.game = decl
        self.players = whole_number(players, f"the players of {decl.title}", 2, decl.max_players)
        self.seed = whole_number(seed, "the seed", 0)
        self.button = whole_number(button, "the button", 0, self.players - 1)
        stacks = (items(stacks, "the stacks", self.players, self.players) if stacks is not None
                  else [DEFAULT_STACK] * self.players)
        self.hand = self.engine.new_hand(stacks, button=self.button, structure=structure, seed=self.seed)
        self.samples = whole_number(samples, "the automatic player's trial replacements (samples)", 1, MAX_SAMPLES)
        if not isinstance(script, str):
            raise GameError(f"the script is one string of action tokens such as 'c r12 f', not {shown(script)}")
        if len(script) > MAX_SCRIPT:
            raise GameError(f"the script is {len(script):,} characters; at most {MAX_SCRIPT:,}")
        self.script = script.split()
        self.streets: list[StreetView] = []
        self._play()

    # --- playing -------------------------------------------------------------------------

    def _views(self, index: int, down: list[list[int]], up: list[list[int]], boards: list[list[int]],
               pot: int) -> StreetView:
        h = self.hand
        seats = []
        for s in range(self.players):
            cards = down[s] + up[s] + (list(h.community) if index == len(self.game.streets) - 1 else [])
            words = tuple(hand_words(self.game, cards, boards)) if not h.folded[s] else ()
            seats.append(SeatView(s, tuple(down[s]), tuple(up[s]), words, bool(h.folded[s])))
        community = tuple(h.community) if index == len(self.game.streets) - 1 else ()
        return StreetView(index, self.game.streets[index].name, tuple(seats),
                          tuple(tuple(b) for b in boards), pot, (), community)

    def _strip(self, after: int, upto: int) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        """Cards as they were before streets ``after+1 .. upto`` were dealt."""
        h = self.hand
        down = [list(d) for d in h.down]
        up = [list(u) for u in h.up]
        boards = [list(b) for b in h.boards]
        for j in range(min(upto, len(self.game.streets) - 1), after, -1):
            st = self.game.streets[j]
            community_street = bool(h.community) and j == len(self.game.streets) - 1  # R-A6
            for s in range(self.players):
                if h.folded[s] or community_street:
                    continue
                if st.down:
                    down[s] = down[s][:len(down[s]) - st.down]
                if st.up:
                    up[s] = up[s][:len(up[s]) - st.up]
            if st.board:
                boards = [b[:len(b) - st.board] for b in boards]
        return down, up, boards

    def _act(self) -> None:
        h = self.hand
        kinds = {a.kind: a for a in h.legal_actions()}
        s = h.to_act
        assert s is not None  # the hand is not over, so a seat is to act
        if h.phase == "bet" and self.script:
            act(h, self.script.pop(0))
            return
        if "bring-in" in kinds:
            h.act("bring-in")
        elif "check" in kinds or "call" in kinds:
            h.call()
        elif "stand pat" in kinds or "discard" in kinds:
            k = h.street.discard if "discard" in kinds else None
            left = sum(1 for st in self.game.streets[h.street_index:] if st.draw) if k is None else 1
            throw = draw_choice(self.game, h.down[s], h.up[s], h.boards, discard=k,
                                seed=(self.seed, h.street_index, s), samples=self.samples, tries=left)
            if throw:
                h.act("discard" if k else "draw", cards=throw)
            else:
                h.act("stand pat")
        else:  # pragma: no cover - every legal menu has one of the above
            raise GameError(f"the automatic player has no action among {list(kinds)}")

    def _play(self) -> None:
        h = self.hand
        done = 0  # streets recorded
        guard = 0
        while True:
            finished = h.is_over
            current = len(self.game.streets) if finished else h.street_index
            while done < current:
                down, up, boards = self._strip(done, current)
                self.streets.append(self._views(done, down, up, boards, h.pot))
                done += 1
            if finished:
                break
            self._act()
            guard += 1
            if guard > 10_000:  # pragma: no cover
                raise GameError("the automatic hand did not finish")
        # history by street: the events from each street's start to the next street or the showdown
        header: list[str] = []  # the hand's start and the forced bets
        street_chunks: list[list[str]] = []
        showdown: list[str] = []
        chunk = header
        for event in h.events:
            if isinstance(event, ev.StreetStart):
                chunk = []
                street_chunks.append(chunk)
            elif isinstance(event, ev.ShowdownStart):
                chunk = showdown
            if event.text is not None:
                chunk.append(event.text)
        self.showdown_history = tuple(showdown)
        views = []
        for k, v in enumerate(self.streets):
            lines = (header if k == 0 else []) + (street_chunks[k] if k < len(street_chunks) else [])
            views.append(StreetView(v.index, v.name, v.seats, v.boards, v.pot, tuple(lines), v.community))
        self.streets = views

    # --- results -------------------------------------------------------------------------

    @property
    def pot(self) -> int:
        """Every dollar put in the pot during the hand.

        >>> Walkthrough("a5-triple-draw", players=3, seed=1).pot  # blinds $1 and $2, everybody calls $2
        6
        """
        return self.hand.pot

    @property
    def winnings(self) -> list[int]:
        """Dollars each seat collected at the end of the hand.

        >>> sum(Walkthrough("badeucey", players=2, seed=5).winnings)
        4
        """
        return list(self.hand.winnings)

    @property
    def history(self) -> list[str]:
        """The whole hand history, one line per event.

        >>> Walkthrough("badugi", players=2, seed=1).history[-1].startswith("final stacks")
        True
        """
        return list(self.hand.history)

    @property
    def showdown(self) -> Showdown:
        """The judged showdown of the hand's final cards.

        >>> Walkthrough("archie", players=2, seed=3).showdown.live
        (0, 1)
        """
        if self.hand.showdown is None:
            raise GameError("this hand ended without a showdown: everybody else folded")
        return self.hand.showdown

    @property
    def final_hands(self) -> list[list[int]]:
        """Each seat's cards at the showdown.

        >>> len(Walkthrough("badugi", players=3, seed=1).final_hands)
        3
        """
        return [self.hand.final_cards(s) for s in range(self.players)]

    def award(self, pot: int | None = None) -> list[int]:
        """Dollars per seat if the pot were ``pot`` (default: the hand's own pot) (R5, R6).

        >>> w = Walkthrough("badacey", players=3, seed=4)
        >>> w.award(25), sum(w.award()) == w.pot
        ([12, 0, 13], True)
        """
        return self.showdown.award(self.pot if pot is None else pot, self.button)


__all__ = [
    "Walkthrough", "StreetView", "SeatView", "draw_choice", "draw_choices", "hand_words", "portion_cards",
    "explain_award", "PayExplanation", "PortionPay", "parse_pots", "sample_deal",
    "pots_from_contributions", "DEFAULT_SAMPLES", "DEFAULT_STACK",
]
