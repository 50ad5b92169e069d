"""The odds calculator: each player's chances in any pot game, exact where the deck allows.

``odds(game, hands, board=..., boards=..., dead=..., discards=..., draws_to_come=...)`` reads
only the game's declaration (its hole cards, streets, boards and showdown portions). It deals
every card still unknown: a "random" player's hand (``None``, ``"random"`` or ``"?"``), a stud
player's cards still to come, the board cards still to come, and the replacements of the draws
the players declare for the next draw (``discards``: the cards each throws away, ``""`` to stand
pat, ``None`` to let gamelib's automatic player choose).

The automatic player (``gamelib.engine.walkthrough.draw_choice``, asked through
``odds_draws.AutoPlayer`` with a fixed seed) chooses from its own cards and the board shown at
the draw only: not the deck, not the other players. So the next draw of a known hand left to it
is decided before anything is dealt, and dealt exactly like a declared draw (the seat's ``draw``
says what it chose). What it cannot decide up front is decided deal by deal: the next draw of a
random hand (or one made on a flop still to come), and every draw after the next one. Each
distinct hand is decided once, many at a time.

When the number of deals is within ``budget`` every deal is judged once and the probabilities
are exact ``Fraction`` s. Without deal-by-deal draws every deal is equally likely, and
``deals`` is their number. With them, the calculation deals every possible draw from every
partial deal (the automatic player deciding each distinct hand, ``AUTO_DECISIONS`` hands at
most); the deals are then not equally likely (a draw of two cards has more outcomes than a
draw of one), each counts by its exact chance, and ``Odds.ways`` is the number of equally likely
ways they stand for. Otherwise ``samples`` deals are drawn with ``seed`` (by default
``DEFAULT_SAMPLES``, or with deal-by-deal draws ``AUTO_SAMPLES``, stopping early once the
automatic player has decided ``AUTO_DECISIONS`` hands) and the result gives the standard error.
``Odds.method`` always says which, and the notes say how often the automatic player drew how
many cards.

For each player and each portion of the pot the result gives the chance to win the portion
alone, the chance to tie for it, and the share of the whole pot the portion brings on average
(a half pot tied two ways is a quarter pot; a portion nobody qualifies for goes to the others,
R8); the player's ``equity`` is the sum of those shares, and ``scoop`` the chance to take the
whole pot alone. Odd chips are not counted: a share is of an exactly divisible pot. A Super
Razzdugi hand is either given as kept after its discard (the cards thrown may be given as dead
cards), or as its five third-street cards (four down, the up card last) with the two down cards
it discards declared in ``discards`` (R15); a stud deal that would need the community card
(R-A6) is refused.

>>> r = odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"])
>>> r.method, r.players[0].equity
('exact, 1 deal', Fraction(1, 1))
>>> r = odds("big-o", ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], board="7h 8h 9c")
>>> r.exact, r.deals, str(r.players[1].equity)
(True, 741, '149/247')
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any, Optional, Union

import numpy as np
import pandas as pd

from ..cards import format_cards, parse_cards, refuse_shared_cards
from ..combinatorics import combinations_array
from ..errors import GameError, HandSizeError, shown
from ..engine.showdown import SPLIT_NAME, judge_many
from ..games.pot import POT_DECLARATIONS, PotGame
from ..games.vocabularies import NoQualifier
from .odds_boards import BoardTables
from .odds_draws import AUTO_DRAW_SAMPLES, AUTO_SEED, BOARD_WORK, AutoPlayer

#: Exhaustive enumeration up to this many deals; more are sampled.
DEFAULT_BUDGET = 3_000_000
#: Deals sampled when the enumeration is over budget.
DEFAULT_SAMPLES = 20_000
#: Deals sampled when gamelib's automatic player makes draws deal by deal: a standard error of
#: 0.005 at most (a share's standard deviation is 1/2 at most).
AUTO_SAMPLES = 10_000
#: The most work the automatic player does in one calculation: distinct hands decided (a fraction
#: of a millisecond each), a board not met before counting ``BOARD_WORK`` more. An exact answer
#: that needs more is sampled instead, and a sample stops after the chunk that reaches it (its
#: standard error says so).
AUTO_DECISIONS = 20_000
#: Deals sampled at once when the automatic player draws.
AUTO_CHUNK = 500
#: Deals judged at once (the arrays of a chunk stay within a few tens of megabytes).
CHUNK = 1 << 17
#: The words for a player whose cards are unknown.
RANDOM_WORDS = ("random", "?", "")

HandLike = Union[str, Sequence[Any], None]
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PortionOdds:
    """One player's chances in one portion of the pot.

    ``win``: the player takes the portion alone; ``tie``: the player shares it; ``share``: the
    share of the whole pot the portion brings the player on average.

    >>> PortionOdds("high", Fraction(1, 2), Fraction(0), Fraction(1, 4)).share
    Fraction(1, 4)
    """

    name: str
    win: Fraction
    tie: Fraction
    share: Fraction


@dataclass(frozen=True)
class PlayerOdds:
    """One player's chances: per portion, the expected share of the pot (``equity``) and the
    chance to take the whole pot alone (``scoop``); ``equity_se`` is the standard error of a
    sampled equity (0 when exact).

    >>> odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]).players[1].scoop
    Fraction(0, 1)
    """

    seat: int
    cards: tuple[int, ...]
    random: bool
    portions: tuple[PortionOdds, ...]
    equity: Fraction
    scoop: Fraction
    equity_se: float = 0.0
    draw: str = ""

    @property
    def label(self) -> str:
        """The player's known cards, or ``random``.

        >>> odds("badugi", ["As 2d 3h 4c", None]).players[1].label
        'random'
        """
        if self.random:
            return "random"
        return format_cards(self.cards) or "no cards known"


@dataclass(frozen=True)
class Odds:
    """The answer of ``odds``: every player's chances, how many deals were judged and how.

    >>> print(odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]).text().splitlines()[0])
    Badugi odds: exact, 1 deal
    """

    title: str
    portions: tuple[str, ...]
    players: tuple[PlayerOdds, ...]
    deals: int
    exact: bool
    seed: Optional[int]
    notes: tuple[str, ...] = ()
    fast: bool = field(default=False, compare=False)
    ways: int = 0
    drawn: bool = False

    def __post_init__(self) -> None:
        if not self.ways:
            object.__setattr__(self, "ways", self.deals)

    @property
    def standard_error(self) -> float:
        """The largest standard error of a player's equity (0 when exact).

        >>> odds("badugi", ["8s 6d 4h 2c", None], samples=500, budget=10).standard_error > 0
        True
        """
        return max((p.equity_se for p in self.players), default=0.0)

    @property
    def method(self) -> str:
        """How the chances were found, in words: exact over every deal, or sampled.

        >>> odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"], discards=["", "Ks"]).method
        'exact, 44 deals'
        """
        plural = "" if self.deals == 1 else "s"
        drawn = ", the automatic player drawing deal by deal" if self.drawn else ""
        if self.exact:
            weighted = f" (each weighted by its chance: {self.ways:,} equal ways)" if self.ways != self.deals else ""
            return f"exact, {self.deals:,} deal{plural}{drawn}{weighted}"
        return (f"sampled, {self.deals:,} deal{plural}, seed {self.seed}, "
                f"standard error {self.standard_error:.4f}{drawn}")

    def frame(self) -> pd.DataFrame:
        """One row per seat and portion: the deals (out of ``deals``) the seat wins the portion
        alone and ties for it, its exact share of the pot from the portion (a ``Fraction``),
        and the seat's equity and scoop on its rows. When the automatic player's draws make
        some deals likelier than others, ``deals`` is the number of equally likely ways
        (``Odds.ways``) and the counts are out of it.

        >>> df = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""]).frame()
        >>> df[["seat", "portion", "wins", "ties", "deals"]].values.tolist()
        [[0, 'badugi', 5, 0, 44], [1, 'badugi', 39, 0, 44]]
        """
        rows = []
        for p in self.players:
            for q in p.portions:
                rows.append({"seat": p.seat, "cards": p.label, "portion": q.name,
                             "wins": int(q.win * self.ways), "ties": int(q.tie * self.ways), "deals": self.ways,
                             "share": q.share, "equity": p.equity, "scoop": p.scoop})
        return pd.DataFrame(rows)

    def text(self) -> str:
        """A plain-text table: one line per player, then each portion's win, tie and share.

        >>> print(odds("a5-triple-draw", ["As 2d 3h 4c 5s", "Ac 2h 3c 4d 6d"]).text())
        Ace-to-Five Triple Draw odds: exact, 1 deal
        seat 0  As 2d 3h 4c 5s        equity 100.00%  scoop 100.00%  low win 100.00% tie 0.00%
        seat 1  Ac 2h 3c 4d 6d        equity   0.00%  scoop   0.00%  low win 0.00% tie 0.00%
        """
        lines = [f"{self.title} odds: {self.method}"]
        for p in self.players:
            parts = "  ".join(f"{q.name} win {float(q.win):.2%} tie {float(q.tie):.2%}" for q in p.portions)
            draw = f" ({p.draw})" if p.draw else ""
            lines.append(f"seat {p.seat}  {p.label + draw:<20}  equity {float(p.equity):7.2%}  "
                         f"scoop {float(p.scoop):7.2%}  {parts}")
        lines.extend(self.notes)
        return "\n".join(lines)


class ProgressBar:
    """A text progress bar for ``odds(progress=...)``, drawn on ``stream`` (the command line's
    stderr) for a long run: ``long`` deals or more, or once it has lasted ``after`` seconds.

    >>> import io
    >>> out = io.StringIO()
    >>> bar = ProgressBar(out, long=100)
    >>> bar(50, 100); bar(100, 100)
    >>> out.getvalue().splitlines()[-1].strip()
    '[########################################] 100% of 100 deals'
    """

    def __init__(self, stream: Any, after: float = 0.5, long: int = 250_000, width: int = 40) -> None:
        self.stream = stream
        self.after = after
        self.long = long
        self.width = width
        self.start = time.perf_counter()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        if not (self.shown or total >= self.long or time.perf_counter() - self.start >= self.after):
            return
        self.shown = True
        filled = self.width * done // max(total, 1)
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done * 100 // max(total, 1):3d}% "
                          f"of {total:,} deals")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


# --- the question -------------------------------------------------------------------------

@dataclass
class _Question:
    """The checked input: what is known, and the groups of cards still to deal."""

    game: PotGame
    known: list[list[int]]           # each seat's known cards as given
    random: list[bool]
    boards: list[list[int]]          # the known cards of each board
    deck: np.ndarray                 # the cards that may still be dealt
    draws_to_come: int
    throws: list[Optional[list[int]]]  # each seat's next draw: the cards thrown, or None (automatic, per deal)
    decided: list[bool] = field(default_factory=list)  # the automatic player chose this next draw up front
    kept: list[list[int]] = field(default_factory=list)   # each seat's known cards it keeps after the next draw
    groups: list[tuple[str, int, int]] = field(default_factory=list)  # (kind, owner, size): "hand", "draw", "board"
    draw_words: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.decided:
            self.decided = [False] * len(self.known)
        self.lay_out()

    def lay_out(self) -> None:
        """The kept cards, the groups to deal and the words of each seat's next draw, from ``throws``."""
        game, n = self.game, len(self.known)
        self.kept, self.groups, self.draw_words = [], [], []
        for i in range(n):
            t = self.throws[i] or []
            self.kept.append([c for c in self.known[i] if c not in t])
            if len(self.kept[i]) < game.hole_cards:  # a random hand, stud cards to come, a draw's replacements
                self.groups.append(("draw" if t else "hand", i, game.hole_cards - len(self.kept[i])))
            if not self.draws_to_come:
                self.draw_words.append(f"discards {format_cards(t)}" if t else "")
            elif self.throws[i] is None:
                self.draw_words.append("draws: automatic player, deal by deal")
            else:
                who = "automatic player: " if self.decided[i] else ""
                self.draw_words.append(who + (f"throws {format_cards(t)}" if t else "stands pat"))
        # with draws decided deal by deal, a board is dealt in parts split at those draws: the
        # automatic player sees only the cards out at its draw (Drawmaha's flop)
        cuts = sorted({_board_before_draw(game, d) for d, _ in self.stages()} | {5})
        for b, cards in enumerate(self.boards):
            at = len(cards)
            for cut in cuts:
                if cut > at:
                    self.groups.append(("board", b, cut - at))
                    at = cut

    @property
    def needed(self) -> int:
        return sum(size for _, _, size in self.groups)

    @property
    def first_draw(self) -> int:
        """The number of the next draw (0 = the game's first)."""
        return self.game.draws - self.draws_to_come

    def stages(self) -> list[tuple[int, list[int]]]:
        """The draws the automatic player makes deal by deal: (draw number, seats), in order."""
        n = len(self.known)
        out = []
        for d in range(self.first_draw, self.game.draws):
            seats = [i for i in range(n) if d > self.first_draw or self.throws[i] is None]
            if seats:
                out.append((d, seats))
        return out

    @property
    def auto(self) -> bool:
        return bool(self.stages())


def _declaration(game: Any) -> PotGame:
    if isinstance(game, PotGame):
        return game
    if isinstance(game, str):
        if game not in POT_DECLARATIONS:
            raise GameError(f"unknown pot game {shown(game)}; the pot games are {', '.join(POT_DECLARATIONS)}")
        return POT_DECLARATIONS[game]
    decl = getattr(game, "declaration", None)
    if isinstance(decl, PotGame):
        return decl
    raise GameError(f"the game is a pot game's key (such as 'big-o') or its declaration, not {shown(game)}")


def _is_random(hand: HandLike) -> bool:
    return hand is None or (isinstance(hand, str) and hand.strip().lower() in RANDOM_WORDS)


def _board_sizes(game: PotGame) -> list[int]:
    """The numbers of board cards a board can show: after each street that deals board cards."""
    sizes, n = [0], 0
    for s in game.streets:
        if s.board:
            n += s.board
            sizes.append(n)
    return sizes


def _board_before_draw(game: PotGame, draw_index: int) -> int:
    """How many board cards are out when draw number ``draw_index`` (0 = the first) is made."""
    n, k = 0, 0
    for s in game.streets:
        if s.draw:
            if k == draw_index:
                return n
            k += 1
        n += s.board
    return n  # pragma: no cover - draw_index < game.draws


def _check_discard(game: PotGame, seat: int, hand: list[int], thrown: list[int], dealt: int, count: int) -> None:
    """A declared discard (Super Razzdugi, R15): the hand is the ``dealt`` cards before the
    discard, down cards first, and ``count`` of its down cards are thrown."""
    down = sum(s.down for s in game.streets[:next(k for k, s in enumerate(game.streets) if s.discard)])
    if len(hand) != dealt:
        raise HandSizeError(f"seat {seat} declares its discard, so its hand is the {dealt} cards dealt before it "
                            f"({down} down, then the up card{'s' if dealt - down > 1 else ''}), not {len(hand)} cards")
    up = [c for c in thrown if c in hand[down:]]
    if len(thrown) != count or up:
        why = f"{format_cards(up)} is its up card" if up else f"it throws {len(thrown)}"
        raise GameError(f"seat {seat}'s {game.title} discard is exactly {count} of its {down} down cards (R15; the "
                        f"up card comes last in the hand): {why}")


def _question(game: PotGame, hands: Sequence[HandLike], board: Any, boards: Optional[Sequence[Any]],
              dead: Any, discards: Optional[Sequence[Any]], draws_to_come: Optional[int]) -> _Question:
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
        raise GameError(f"the hands are a list, one per player (a hand's cards, or None for a random hand), "
                        f"not {shown(hands)}")
    n = len(hands)
    if not 2 <= n <= game.max_players:
        raise GameError(f"{game.title} odds are for 2 to {game.max_players} players, not {n}")
    first = game.streets[0].down + game.streets[0].up
    grows = first < game.hole_cards  # stud: a hand is dealt over several streets
    random = [_is_random(h) for h in hands]
    known: list[list[int]] = []
    for i, h in enumerate(hands):
        cards = [] if h is None or random[i] else parse_cards(h, what=f"seat {i}'s hand")
        allowed = f"up to {game.hole_cards}" if grows else f"{game.hole_cards}"
        if len(cards) > game.hole_cards or (not grows and not random[i] and len(cards) != game.hole_cards):
            raise HandSizeError(f"seat {i}'s {game.title} hand has {len(cards)} cards ({format_cards(cards)}); "
                                f"give {allowed} cards, or None for a random hand")
        known.append(cards)
    # boards
    if game.boards == 0:
        if board is not None or boards:
            raise HandSizeError(f"{game.title} has no board; give only the players' hands (and dead cards)")
        given: list[Any] = []
    elif board is not None and boards is not None:
        raise HandSizeError("give either board= (one board) or boards= (a list), not both")
    elif boards is not None:
        given = list(boards)
        if len(given) != game.boards:
            raise HandSizeError(f"{game.title} is played with {game.boards} board{'s' if game.boards > 1 else ''}; "
                                f"got {len(given)}")
    else:
        given = [board if board is not None else ""] + [""] * (game.boards - 1)
        if board is not None and game.boards > 1:
            raise HandSizeError(f"{game.title} is played with {game.boards} boards: give boards=[...], one each")
    sizes = _board_sizes(game)
    known_boards = []
    for b, cards_like in enumerate(given):
        cards = parse_cards(cards_like or "", what=f"board {b + 1}")
        if len(cards) not in sizes:
            raise HandSizeError(f"board {b + 1} has {len(cards)} cards ({format_cards(cards)}); a {game.title} "
                                f"board shows {', '.join(map(str, sizes[:-1]))} or {sizes[-1]} cards")
        known_boards.append(cards)
    dead_cards = parse_cards(dead or "", what="dead cards")
    # draws, or Super Razzdugi's discard (R15): a seat declaring it gives its third-street cards
    at_discard = next(((sum(t.down + t.up for t in game.streets[:k]), s.discard)
                       for k, s in enumerate(game.streets) if s.discard), None) if not game.draws else None
    declared = discards is not None and any(d is not None for d in discards)
    if not game.draws and declared and at_discard is None:
        raise GameError(f"{game.title} has no draw: give no discards (cards out of play are dead cards)")
    if draws_to_come is None:
        draws_to_come = 1 if declared and game.draws else 0
    if not isinstance(draws_to_come, int) or not 0 <= draws_to_come <= game.draws:
        raise GameError(f"{game.title} has {game.draws} draw{'s' if game.draws != 1 else ''}: draws to come "
                        f"is a whole number from 0 to {game.draws}, not {shown(draws_to_come)}")
    throws: list[Optional[list[int]]] = [None] * n
    if discards is not None:
        if isinstance(discards, (str, bytes)) or not isinstance(discards, Sequence) or len(discards) != n:
            raise GameError(f"the discards are a list with one entry per player ({n}): the cards thrown, '' to "
                            f"stand pat, or None for the automatic player; not {shown(discards)}")
        if draws_to_come == 0 and declared and at_discard is None:
            raise GameError(f"a draw is declared, but no draw is to come; {game.title} has "
                            f"{game.draws} draw{'s' if game.draws != 1 else ''} (give draws_to_come)")
        for i, d in enumerate(discards):
            if d is None:
                continue
            if random[i]:
                raise GameError(f"seat {i} has a random hand: its draw is made by the automatic player, "
                                f"give None for it, not {shown(d)}")
            cards = parse_cards(d, what=f"seat {i}'s discard")
            stray = [c for c in cards if c not in known[i]]
            if stray:
                raise GameError(f"seat {i} throws {format_cards(stray)}, which is not in its hand "
                                f"{format_cards(known[i])}")
            if at_discard is not None:
                _check_discard(game, i, known[i], cards, *at_discard)
            throws[i] = cards
    if draws_to_come:
        before = _board_before_draw(game, game.draws - draws_to_come)
        for b, cards in enumerate(known_boards):
            if len(cards) > before:
                raise HandSizeError(f"with {draws_to_come} draw{'s' if draws_to_come > 1 else ''} to come, board "
                                    f"{b + 1} shows {before} cards at most, not {len(cards)}")
    holders = [(f"seat {i}'s hand", known[i]) for i in range(n)]
    holders += [(f"board {b + 1}", c) for b, c in enumerate(known_boards)] + [("the dead cards", dead_cards)]
    refuse_shared_cards(holders)
    seen = {c for _, cards in holders for c in cards}
    deck = np.array([c for c in range(52) if c not in seen], dtype=np.int8)
    q = _Question(game, known, random, known_boards, deck, draws_to_come, throws)
    if q.needed > len(deck):
        raise GameError(f"{q.needed} more cards are needed but only {len(deck)} are left in the deck: fewer players "
                        f"or fewer unknown cards (the stud community card, R-A6, is not dealt here)")
    return q


# --- the deals -----------------------------------------------------------------------------

def _deal_count(question: _Question) -> int:
    """How many deals complete the question: the ways to fill every group from the deck."""
    n, total = len(question.deck), 1
    for _, _, size in question.groups:
        total *= math.comb(n, size)
        n -= size
    return total


def _assignments(sizes: Sequence[int]) -> np.ndarray:
    """Every way to give ``sum(sizes)`` chosen positions to the groups: rows of column orders,
    each group's positions ascending (the multinomial number of rows, built group by group).

    >>> _assignments([1, 2]).tolist()
    [[0, 1, 2], [1, 0, 2], [2, 0, 1]]
    """
    rows: list[list[int]] = [[]]
    for size in sizes:
        grown: list[list[int]] = []
        for row in rows:
            free = [j for j in range(sum(sizes)) if j not in row]
            grown.extend(row + list(pick) for pick in combinations(free, size))
        rows = grown
    return np.array(rows, dtype=np.intp).reshape(len(rows), sum(sizes))


def _exact_deals(q: _Question) -> Iterator[np.ndarray]:
    """Every deal of the unknown cards, in chunks: rows of cards, the groups side by side."""
    sizes = [s for _, _, s in q.groups]
    total = sum(sizes)
    if total == 0:
        yield np.zeros((1, 0), np.int8)
        return
    union = combinations_array(len(q.deck), total)
    orders = _assignments(sizes)
    step = max(1, CHUNK // len(orders))
    for start in range(0, len(union), step):
        block = q.deck[union[start:start + step]]
        yield np.concatenate([block[:, order] for order in orders]) if len(orders) > 1 else block


def _sampled_deals(q: _Question, samples: int, seed: int, extra: int = 0) -> Iterator[np.ndarray]:
    """``samples`` seeded random deals of the unknown cards (plus ``extra`` cards of the stub)."""
    rng = np.random.default_rng(seed)
    width = min(len(q.deck), q.needed + extra)
    for start in range(0, samples, CHUNK // 4):
        rows = min(CHUNK // 4, samples - start)
        order = rng.random((rows, len(q.deck))).argsort(axis=1)[:, :width]
        yield q.deck[order]


# --- judging a chunk -------------------------------------------------------------------------

def _assemble(q: _Question, deals: np.ndarray) -> tuple[np.ndarray, Optional[np.ndarray]]:
    """Final hands ``(deals, players, hole cards)`` and boards ``(deals, boards, 5)`` of a chunk."""
    rows = len(deals)
    cols: dict[tuple[str, int], list[np.ndarray]] = {}
    at = 0
    for kind, owner, size in q.groups:
        cols.setdefault((kind, owner), []).append(deals[:, at:at + size])
        at += size
    hands = []
    for i, keep in enumerate(q.kept):
        parts = [np.broadcast_to(np.array(keep, np.int8), (rows, len(keep)))]
        parts += [c for k in ("hand", "draw") for c in cols.get((k, i), [])]
        hands.append(np.concatenate(parts, axis=1))
    boards = None
    if q.game.boards:
        boards = np.stack([np.concatenate([np.broadcast_to(np.array(b, np.int8), (rows, len(b)))]
                                          + cols.get(("board", k), []), axis=1)
                           for k, b in enumerate(q.boards)], axis=1)
    return np.stack(hands, axis=1), boards


def _judge_chunk(q: _Question, deals: np.ndarray) -> dict[str, np.ndarray]:
    hands, boards = _assemble(q, deals)
    return judge_many(q.game, hands, boards)


# --- the automatic player's draws, deal by deal ---------------------------------------------

class _OverBudget(Exception):
    """The exact enumeration does not fit: more deals, or more hands to decide, than allowed."""


def _bits(cards: np.ndarray) -> np.ndarray:
    """Each row's cards ``(rows, k)`` as a 52-bit mask (``uint64``)."""
    if cards.shape[1] == 0:
        return np.zeros(len(cards), np.uint64)
    bits: np.ndarray = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
    return bits


def _shown(game: PotGame, boards: Optional[np.ndarray], d: int) -> tuple[int, Optional[np.ndarray]]:
    """How many cards of each board are out at draw ``d``, and those cards per row (or None)."""
    before = _board_before_draw(game, d)
    if boards is None or before == 0:
        return 0, None
    return before, boards[:, :, :before].reshape(len(boards), -1)


Decided = tuple[list[tuple[int, ...]], np.ndarray]


def _decide(player: AutoPlayer, game: PotGame, hands: np.ndarray, boards: Optional[np.ndarray], d: int,
            limit: Optional[int]) -> Optional[Decided]:
    """The cards the automatic player throws at draw ``d`` from each row's hand ``(rows, cards)``
    (the board shown then read per row), as the distinct answers and each row's place among
    them; ``None`` when that would cost more than ``limit`` (``AutoPlayer.work``)."""
    tries = game.draws - d
    before, shown = _shown(game, boards, d)
    if shown is None:
        return player.index(hands, (), tries, limit=limit)
    per_board = np.stack([_bits(shown[:, b * before:(b + 1) * before]) for b in range(game.boards)], axis=1)
    if game.boards == 1:
        _, first, inverse = np.unique(per_board[:, 0], return_index=True, return_inverse=True)
    else:
        _, first, inverse = np.unique(per_board, axis=0, return_index=True, return_inverse=True)
    inverse = np.asarray(inverse, np.intp).reshape(-1)
    order = np.argsort(inverse, kind="stable")
    ends = np.cumsum(np.bincount(inverse, minlength=len(first)))
    answers: list[tuple[int, ...]] = []
    where = np.empty(len(hands), np.intp)
    start = 0
    for j, end in enumerate(ends.tolist()):
        rows = order[start:end]
        start = end
        key = tuple(tuple(sorted(int(c) for c in shown[first[j], b * before:(b + 1) * before]))
                    for b in range(game.boards))
        left = None if limit is None else limit - player.work - BOARD_WORK
        got = player.index(hands[rows], key, tries, limit=left)
        if got is None or (limit is not None and player.work > limit):
            return None
        where[rows] = np.asarray(got[1]) + len(answers)
        answers += got[0]
    return answers, where


def _decide_seats(player: AutoPlayer, game: PotGame, hands: np.ndarray, boards: Optional[np.ndarray], d: int,
                  seats: list[int], limit: Optional[int]) -> Optional[tuple[np.ndarray, np.ndarray]]:
    """The automatic player's draw ``d`` for ``seats`` of every row, decided together: the thrown
    cards of each distinct answer (padded with -1) and each seat's and row's answer ``(seats, rows)``."""
    n_rows, _, size = hands.shape
    stacked = hands[:, seats].transpose(1, 0, 2).reshape(-1, size)
    got = _decide(player, game, stacked, None if boards is None else np.tile(boards, (len(seats), 1, 1)), d, limit)
    if got is None:
        return None
    answers, where = got
    thrown = np.full((max(len(answers), 1), size), -1, np.int8)
    for j, a in enumerate(answers):
        thrown[j, :len(a)] = a
    return thrown, where.reshape(len(seats), n_rows)


def _decide_up_front(q: _Question, player: AutoPlayer) -> None:
    """The next draw of every known hand left to the automatic player, chosen before the deal
    (its choice reads only its cards and the board shown at the draw, when that is known)."""
    if not q.draws_to_come:
        return
    before = _board_before_draw(q.game, q.first_draw)
    if any(len(b) < before for b in q.boards):
        return  # the flop is still to come: the choice depends on it, deal by deal
    shown = tuple(tuple(b[:before]) for b in q.boards) if before else ()
    for i, t in enumerate(q.throws):
        if t is None and not q.random[i]:
            got = player.decide(np.array([q.known[i]], np.int8), shown, q.draws_to_come)
            assert got is not None  # no limit
            q.throws[i] = list(got[0])
            q.decided[i] = True
    q.lay_out()
    if q.needed > len(q.deck):  # the stub runs out at this draw (R-A5): its draws are made deal by deal
        q.throws = [None if q.decided[i] else t for i, t in enumerate(q.throws)]
        q.decided = [False] * len(q.known)
        q.lay_out()


@dataclass
class _Rows:
    """Partial deals: hands ``(rows, players, cards)``, full boards ``(rows, boards, 5)`` (or
    None), the cards no longer in the stub (a 52-bit mask per row), how many are left in it, and
    each row's chance, ``1 / dens[den[row]]``."""

    hands: np.ndarray
    boards: Optional[np.ndarray]
    out: np.ndarray
    left: np.ndarray
    den: np.ndarray


class _Dens:
    """The distinct chances of the deals (as denominators), each with a small index."""

    def __init__(self) -> None:
        self.values: list[int] = []
        self.index: dict[int, int] = {}

    def of(self, value: int) -> int:
        if value not in self.index:
            self.index[value] = len(self.values)
            self.values.append(value)
        return self.index[value]


Chosen = dict[tuple[int, int], dict[int, Fraction]]


def _tally_choices(chosen: Chosen, d: int, seat: int, k: np.ndarray, weights: list[Fraction],
                   den: np.ndarray) -> None:
    """Add the chance of each number of cards the automatic player draws at draw ``d`` for ``seat``."""
    keys, counts = np.unique(den.astype(np.int64) * 16 + k, return_counts=True)
    got = chosen.setdefault((d, seat), {})
    for key, c in zip(keys.tolist(), counts.tolist()):
        j, n = divmod(key, 16)
        got[n] = got.get(n, Fraction(0)) + c * weights[j]


def _expand(q: _Question, rows: _Rows, d: int, seats: list[int], player: AutoPlayer, dens: _Dens, budget: int,
            chosen: Chosen) -> _Rows:
    """Every way the draw ``d`` can go from each partial deal: the automatic player's choices,
    then every set of replacements; raises ``_OverBudget`` when it does not fit."""
    n_rows, n, size = rows.hands.shape
    got = _decide_seats(player, q.game, rows.hands, rows.boards, d, seats, AUTO_DECISIONS)
    if got is None:
        raise _OverBudget
    thrown, where = got
    lens = (thrown >= 0).sum(axis=1)
    k = np.zeros((n_rows, n), np.int64)
    for s, i in enumerate(seats):
        k[:, i] = lens[where[s]]
    total_k = k.sum(axis=1)
    if (total_k > rows.left).any():
        raise _OverBudget  # the stub runs out: the muck is shuffled in (R-A5), which is only sampled
    code = rows.left.astype(np.int64)
    for i in range(n):
        code = code * 8 + k[:, i]
    _, first, inverse, counts = np.unique(code, return_index=True, return_inverse=True, return_counts=True)
    inverse = np.asarray(inverse, np.intp).reshape(-1)
    groups = [(int(rows.left[f]), [int(x) for x in k[f]]) for f in first.tolist()]
    ways = [math.comb(m, sum(kv)) * math.factorial(sum(kv)) // math.prod(math.factorial(x) for x in kv)
            for m, kv in groups]
    if sum(w * int(c) for w, c in zip(ways, counts)) > budget:
        raise _OverBudget
    weights = [Fraction(1, v) for v in dens.values]
    for i in seats:
        _tally_choices(chosen, d, i, k[:, i], weights, rows.den)
    seat_at = {i: s for s, i in enumerate(seats)}
    order = np.argsort(inverse, kind="stable")
    ends = np.cumsum(counts).tolist()
    parts: list[_Rows] = []
    start = 0
    for (m, kv), end in zip(groups, ends):
        sel = order[start:end]
        start = end
        total = sum(kv)
        if total == 0:
            parts.append(_Rows(rows.hands[sel], None if rows.boards is None else rows.boards[sel], rows.out[sel],
                               rows.left[sel], rows.den[sel]))
            continue
        out = rows.out[sel]
        free = ((out[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)).astype(bool)
        stub = np.argsort(free, axis=1, kind="stable")[:, :m].astype(np.int8)  # the cards left, ascending
        picks = combinations_array(m, total).astype(np.intp)[:, _assignments([x for x in kv if x])].reshape(-1, total)
        ch = len(picks)
        new = stub[:, picks]  # (rows, children, cards drawn), seat by seat
        hands = np.repeat(rows.hands[sel][:, None], ch, axis=1)
        at = 0
        for i in range(n):
            if not kv[i]:
                continue
            throw = thrown[where[seat_at[i], sel], :kv[i]]
            hand = rows.hands[sel, i]
            keep = hand[~(hand[:, :, None] == throw[:, None, :]).any(axis=2)].reshape(len(sel), size - kv[i])
            hands[:, :, i, :size - kv[i]] = keep[:, None, :]
            hands[:, :, i, size - kv[i]:] = new[:, :, at:at + kv[i]]
            at += kv[i]
        parent = np.unique(rows.den[sel])
        den_map = np.zeros(int(parent.max()) + 1, np.intp)
        den_map[parent] = [dens.of(dens.values[j] * ch) for j in parent.tolist()]
        parts.append(_Rows(hands.reshape(-1, n, size),
                           None if rows.boards is None else np.repeat(rows.boards[sel], ch, axis=0),
                           (out[:, None] | _bits(new.reshape(-1, total)).reshape(len(sel), ch)).reshape(-1),
                           np.repeat(rows.left[sel] - total, ch), np.repeat(den_map[rows.den[sel]], ch)))
    return _Rows(np.concatenate([p.hands for p in parts]),
                 None if rows.boards is None else np.concatenate([p.boards for p in parts if p.boards is not None]),
                 np.concatenate([p.out for p in parts]), np.concatenate([p.left for p in parts]),
                 np.concatenate([p.den for p in parts]))


def _exact_auto(q: _Question, player: AutoPlayer, budget: int, dens: _Dens, chosen: Chosen) -> _Rows:
    """Every deal, the automatic player's draws made deal by deal: the final hands and boards of
    every deal with its chance (raises ``_OverBudget`` when it does not fit)."""
    deals = np.concatenate(list(_exact_deals(q)))
    hands, boards = _assemble(q, deals)
    base = _bits(np.array([[c for c in range(52) if c not in set(q.deck.tolist())]], np.int8))[0]
    rows = _Rows(hands, boards, _bits(deals) | base, np.full(len(deals), len(q.deck) - q.needed, np.int64),
                 np.full(len(deals), dens.of(len(deals)), np.intp))
    for d, seats in q.stages():
        rows = _expand(q, rows, d, seats, player, dens, budget, chosen)
    return rows


def _sampled_auto(q: _Question, player: AutoPlayer, total: int, seed: int, stop_early: bool,
                  chosen_counts: dict[tuple[int, int], np.ndarray]) -> Iterator[tuple[np.ndarray, Optional[np.ndarray]]]:
    """Seeded random deals, ``AUTO_CHUNK`` at a time, with the automatic player's draws dealt from
    each deal's own stub (the muck shuffled in when it runs out, R-A5): the final hands and
    boards of each chunk. With ``stop_early``, stops after the chunk in which the automatic
    player's work reaches ``AUTO_DECISIONS``."""
    game = q.game
    rng = np.random.default_rng(seed)
    width = min(len(q.deck), q.needed + game.hole_cards * len(q.known) * q.draws_to_come)
    done = 0
    while done < total:
        n_rows = min(AUTO_CHUNK, total - done)
        deals = q.deck[rng.random((n_rows, len(q.deck))).argsort(axis=1)[:, :width]]
        hands, boards = _assemble(q, deals[:, :q.needed])
        hands = np.array(hands)
        stubs = [list(map(int, s)) for s in deals[:, q.needed:]]
        thrown_first = [c for t in q.throws for c in t or []]  # the next draw's discards, declared or decided
        mucks: list[list[int]] = [list(thrown_first) for _ in range(n_rows)]
        for d, seats in q.stages():
            got = _decide_seats(player, game, hands, boards, d, seats, None)
            assert got is not None  # no limit
            thrown, where = got
            answers = [tuple(int(c) for c in row if c >= 0) for row in thrown.tolist()]
            for s, i in enumerate(seats):
                counts = chosen_counts.setdefault((d, i), np.zeros(game.hole_cards + 1, np.int64))
                counts += np.bincount((thrown[where[s]] >= 0).sum(axis=1), minlength=game.hole_cards + 1)
                for r, j in enumerate(where[s].tolist()):
                    throw = answers[j]
                    if not throw:
                        continue
                    if len(stubs[r]) < len(throw):  # R-A5: the muck, but not this player's discards, is shuffled in
                        shuffle = np.random.default_rng([seed, done + r, d])
                        stubs[r] += [int(c) for c in shuffle.permutation(mucks[r])]
                        mucks[r] = []
                    if len(stubs[r]) < len(throw):
                        raise GameError(f"the deck runs out at the draws ({len(stubs[r])} cards left for "
                                        f"{len(throw)}): fewer players, or fewer draws to come")
                    hand = [c for c in hands[r, i].tolist() if c not in throw] + stubs[r][:len(throw)]
                    del stubs[r][:len(throw)]
                    hands[r, i] = hand
                    mucks[r] += throw
        done += n_rows
        yield hands, boards
        if stop_early and player.work >= AUTO_DECISIONS:
            return


# --- counting -------------------------------------------------------------------------------

class _Tally:
    """Counts over judged deals: exact per-portion wins, ties and shares, scoops, and the sums
    needed for a sampled standard error."""

    def __init__(self, names: Sequence[str], shares: Sequence[Fraction], players: int) -> None:
        self.names = list(names)
        self.shares = list(shares)
        self.players = players
        self.deals = 0
        n_keys = (1 << len(names)) * (players + 1)
        self.win = np.zeros((len(names), players), np.int64)
        self.tie = np.zeros((len(names), players), np.int64)
        self.by_key = np.zeros((len(names), players, n_keys), np.int64)
        self.scoop = np.zeros(players, np.int64)
        self.sum = np.zeros(players)
        self.sum_sq = np.zeros(players)

    def add(self, masks: dict[str, np.ndarray]) -> None:
        """Count one chunk of judged deals (winner masks per portion, ``(deals, players)``)."""
        rows = next(iter(masks.values())).shape[0]
        m = [masks.get(name, np.zeros((rows, self.players), bool)) for name in self.names]
        won: list[np.ndarray] = [np.asarray(x.any(axis=1)) for x in m]
        pattern = np.zeros(rows, np.int64)
        total = np.zeros(rows)
        for p, w in enumerate(won):
            pattern |= w.astype(np.int64) << p
            total += float(self.shares[p]) * w
        n_keys = self.by_key.shape[2]
        share = np.zeros((rows, self.players))
        alone = np.ones((rows, self.players), bool)
        for p, x in enumerate(m):
            k = x.sum(axis=1)
            self.win[p] += (x & (k == 1)[:, None]).sum(axis=0)
            self.tie[p] += (x & (k > 1)[:, None]).sum(axis=0)
            key = pattern * (self.players + 1) + k
            for i in range(self.players):
                self.by_key[p, i] += np.bincount(key[x[:, i]], minlength=n_keys)
            with np.errstate(invalid="ignore", divide="ignore"):
                share += np.where(x, float(self.shares[p]) / (total * np.maximum(k, 1))[:, None], 0.0)
            alone &= ~won[p][:, None] | (x & (k == 1)[:, None])
        self.scoop += alone.sum(axis=0)
        self.sum += share.sum(axis=0)
        self.sum_sq += (share * share).sum(axis=0)
        self.deals += rows

    def total_share(self, pattern: int) -> Fraction:
        return sum((s for p, s in enumerate(self.shares) if pattern >> p & 1), Fraction(0))

    def portion_share(self, p: int, i: int) -> Fraction:
        """Player ``i``'s exact total share of the pot from portion ``p``, over all deals counted."""
        out = Fraction(0)
        for key in np.flatnonzero(self.by_key[p, i]):
            pattern, k = divmod(int(key), self.players + 1)
            out += int(self.by_key[p, i, key]) * self.shares[p] / self.total_share(pattern) / k
        return out


def _portions(game: PotGame) -> tuple[list[str], list[Fraction]]:
    names = [p.name for p in game.portions]
    shares = [p.share for p in game.portions]
    if game.no_qualifier is NoQualifier.SPLIT:
        names.append(SPLIT_NAME)
        shares.append(Fraction(1))
    return names, shares


def odds(game: Any, hands: Sequence[HandLike], board: Any = None, boards: Optional[Sequence[Any]] = None,
         dead: Any = None, discards: Optional[Sequence[Any]] = None, draws_to_come: Optional[int] = None,
         budget: int = DEFAULT_BUDGET, samples: Optional[int] = None, seed: int = 0,
         progress: Optional[Progress] = None) -> Odds:
    """Each player's chances in a pot game (see the module docstring).

    ``game`` is a pot game's key, its declaration or its engine. ``progress(done, total)`` is
    called after each chunk of deals.

    >>> r = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""])
    >>> r.method, str(r.players[0].equity)
    ('exact, 44 deals', '5/44')
    >>> odds("badugi", ["As 2d 3h Kh", "As 4d 6h 8s"])
    Traceback (most recent call last):
    ...
    gamelib.errors.DuplicateCardError: As is in seat 0's hand and seat 1's hand: one deck has one of each card
    """
    decl = _declaration(game)
    if not isinstance(budget, int) or budget < 1:
        raise GameError(f"the budget is the most deals to enumerate, a whole number of 1 or more, not {shown(budget)}")
    if samples is not None and (not isinstance(samples, int) or samples < 1):
        raise GameError(f"samples is how many deals to sample, a whole number of 1 or more, not {shown(samples)}")
    if not isinstance(seed, int) or seed < 0:
        raise GameError(f"the seed is a whole number of 0 or more, not {shown(seed)}")
    q = _question(decl, hands, board, boards, dead, discards, draws_to_come)
    player = AutoPlayer(decl)
    _decide_up_front(q, player)
    names, shares = _portions(decl)
    n = len(hands)
    count = _deal_count(q)
    tallies: dict[int, _Tally] = {}  # one per chance of a deal (its denominator's index in dens)
    dens = _Dens()
    chosen: Chosen = {}
    fast = None
    exact = False
    if not q.auto:
        exact = count <= budget
        if not any(kind != "board" for kind, _, _ in q.groups):
            fast = BoardTables.build(decl, q.kept, q.boards, q.deck)
        if exact:
            total = count
            chunks: Iterator[np.ndarray] = _exact_deals(q)
        else:
            total = samples or DEFAULT_SAMPLES
            chunks = _sampled_deals(q, total, seed)
        tally = tallies.setdefault(dens.of(total), _Tally(names, shares, n))
        for deals in chunks:
            tally.add(fast.judge(deals) if fast is not None else _judge_chunk(q, deals))
            if progress is not None:
                progress(tally.deals, total)
        if not exact:  # the chance of a sampled deal is one over the deals drawn
            dens = _Dens()
            tallies = {dens.of(tally.deals): tally}
    else:
        leaves = None
        if count <= budget:
            try:
                leaves = _exact_auto(q, player, budget, dens, chosen)
            except _OverBudget:
                dens, chosen = _Dens(), {}
        if leaves is not None:
            exact = True
            total = len(leaves.hands)
            for start in range(0, total, CHUNK):
                part = slice(start, start + CHUNK)
                masks = judge_many(decl, leaves.hands[part], None if leaves.boards is None else leaves.boards[part])
                den = leaves.den[part]
                for j in np.unique(den).tolist():
                    sel = den == j
                    tallies.setdefault(j, _Tally(names, shares, n)).add({k: v[sel] for k, v in masks.items()})
                if progress is not None:
                    progress(min(start + CHUNK, total), total)
        else:
            total = samples or AUTO_SAMPLES
            tally = _Tally(names, shares, n)
            counts: dict[tuple[int, int], np.ndarray] = {}
            for final, final_boards in _sampled_auto(q, player, total, seed, samples is None, counts):
                tally.add(judge_many(decl, final, final_boards))
                if progress is not None:
                    progress(tally.deals, total)
            if tally.deals < total and progress is not None:
                progress(tally.deals, tally.deals)  # stopped early: the bar is complete
            tallies = {dens.of(tally.deals): tally}
            chosen = {key: {k: Fraction(int(c), tally.deals) for k, c in enumerate(v) if c}
                      for key, v in counts.items()}
    d = sum(t.deals for t in tallies.values())
    ways = math.lcm(*(dens.values[j] for j in tallies))
    if exact:
        assert sum(Fraction(t.deals, dens.values[j]) for j, t in tallies.items()) == 1  # every deal's chance counted

    def over(get: Callable[[_Tally], Any]) -> Fraction:
        return sum((Fraction(get(t)) / dens.values[j] for j, t in tallies.items()), Fraction(0))

    players = []
    for i in range(n):
        por = tuple(PortionOdds(name, over(lambda t: int(t.win[p, i])), over(lambda t: int(t.tie[p, i])),
                                over(lambda t: t.portion_share(p, i))) for p, name in enumerate(names))
        se = 0.0
        if not exact:
            t = next(iter(tallies.values()))
            mean = t.sum[i] / d
            se = math.sqrt(max(t.sum_sq[i] / d - mean * mean, 0.0) / max(d - 1, 1))
        players.append(PlayerOdds(i, tuple(q.known[i]), q.random[i], por, sum((x.share for x in por), Fraction(0)),
                                  over(lambda t: int(t.scoop[i])), se, q.draw_words[i]))
    return Odds(decl.title, tuple(names), tuple(players), d, exact, None if exact else seed,
                tuple(_auto_notes(q, chosen)), fast=fast is not None, ways=ways, drawn=q.auto)


def _auto_notes(q: _Question, chosen: Chosen) -> list[str]:
    """What the automatic player did: who it drew for, and at each later draw how often it drew
    how many cards."""
    if not q.auto and not any(q.decided):
        return []
    notes = [f"draws not declared (and every draw after the next) are made by gamelib's automatic player "
             f"(gamelib.engine.walkthrough.draw_choice, seed {AUTO_SEED}, {AUTO_DRAW_SAMPLES} trial replacements "
             f"a choice), a teaching device, not best play; its choice reads only its own cards and the board"]
    names = [s.name for s in q.game.streets if s.draw]
    for i in range(len(q.known)):
        parts = []
        for d in range(q.first_draw, q.game.draws):
            got = chosen.get((d, i))
            if not got:
                continue
            words = ", ".join(f"{'pat' if k == 0 else f'{k} card' + ('s' if k > 1 else '')} {float(x):.1%}"
                              for k, x in sorted(got.items()))
            parts.append(f"{names[d]}: {words}")
        if parts:
            notes.append(f"seat {i}, the automatic player's draws: " + "; ".join(parts))
    return notes


__all__ = ["odds", "ProgressBar", "Odds", "PlayerOdds", "PortionOdds", "DEFAULT_BUDGET", "DEFAULT_SAMPLES",
           "AUTO_SAMPLES", "AUTO_DECISIONS", "RANDOM_WORDS"]
