"""The odds calculator: each player's chances in any pot game, exact where the deck allows.

``odds(game, hands, board=..., boards=..., dead=..., discards=..., draws_to_come=...)`` reads
only the game's declaration (its hole cards, streets, boards and showdown portions). It deals
every card still unknown: a "random" player's hand (``None``, ``"random"`` or ``"?"``), a stud
player's cards still to come, the board cards still to come, and the replacements of the draws
the players declare for the next draw (``discards``: the cards each throws away, ``""`` or
``"pat"`` to stand pat, ``None`` to let gamelib's automatic player choose).

The automatic player (``gamelib.engine.walkthrough.draw_choice``, asked through
``draws.AutoPlayer`` with a fixed seed) chooses from its own cards and the board shown at
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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from ...amounts import whole_number
from ...cards import CardsLike
from ...engine.showdown import judge_many
from ...errors import GameError, shown
from .boards import BoardTables
from .deal_by_deal import (
    AUTO_DECISIONS,
    EXPAND_ROWS,
    Chosen,
    DealRows,
    Denominators,
    OverBudget,
    Sampling,
    auto_notes,
    decide_up_front,
    exact_auto_odds,
    sampled_auto_odds,
)
from .deals import CHUNK, Tally, deal_count, exact_deals, judge_chunk, portions_of, sampled_deals
from .draws import AutoPlayer, choice_rows
from .question import (
    PAT_WORDS,
    RANDOM_WORDS,
    DiscardLike,
    GameLike,
    HandLike,
    OddsQuestion,
    declaration_of,
    read_question,
)
from .results import Odds, PlayerOdds, PortionOdds, ProgressBar
from .tables import GroupTables

#: Exhaustive enumeration up to this many deals; more are sampled.
DEFAULT_BUDGET = 3_000_000
#: Deals sampled when the enumeration is over budget.
DEFAULT_SAMPLES = 20_000
#: The largest budget and the most samples a caller may ask for: about a microsecond a deal on one
#: core, so a question is answered within a minute or so, never left running without end.
MAX_BUDGET = 30_000_000
MAX_SAMPLES = 10_000_000
#: Deals sampled when gamelib's automatic player makes draws deal by deal: a standard error of
#: 0.005 at most (a share's standard deviation is 1/2 at most).
AUTO_SAMPLES = 10_000
#: The fewest deals a sample stops at for ``target_se`` (eight flops of a clustered sample): a
#: standard error read off fewer is itself too uncertain to stop on.
MIN_STOP = 200
#: The largest ``max_work`` (rows the automatic player scores, ``draws.choice_rows``): about a
#: minute's work.
MAX_WORK = 3_000_000_000
# AUTO_DECISIONS (exported here) and AUTO_CHUNK are read in deal_by_deal: change them there. The
# parts: question (the checked question), deals (every deal or a sample, judged and tallied),
# deal_by_deal (the automatic player's draws made deal by deal), results (the answer).

Progress = Callable[[int, int], None]


def odds(game: GameLike, hands: Sequence[HandLike], board: CardsLike | None = None,
         boards: Sequence[CardsLike | None] | None = None, dead: CardsLike | None = None,
         discards: Sequence[DiscardLike] | None = None, draws_to_come: int | None = None,
         budget: int = DEFAULT_BUDGET, samples: int | None = None, seed: int = 0,
         progress: Progress | None = None, target_se: float | None = None,
         max_work: int | None = None) -> Odds:
    """Each player's chances in a pot game (see the module docstring).

    ``game`` is a pot game's key, its declaration or its engine. ``progress(done, total)`` is
    called after each chunk of deals. ``target_se`` (above 0, at most 0.5; the widget's
    ``WIDGET_SE``) lets a sample of deals with the automatic player drawing deal by deal stop
    after the first chunk (``AUTO_CHUNK`` deals) at which every player's standard error is at most
    ``target_se`` (``MIN_STOP`` deals at least): the same seed gives the same deals and the same
    stop, and the answer states its standard error as always. Exact answers, and samples without
    deal-by-deal draws, ignore it.
    ``max_work`` (the widget's ``WIDGET_WORK``) caps such a sample's work, counted in the rows
    the automatic player scores (``draws.choice_rows`` a hand decided, ``draws.BOARD_ROWS`` a
    board, ``deal_by_deal.DEAL_ROWS`` a seat's draw dealt): it is dealt ``LIMITED_CHUNK`` deals
    at a time and stops before a chunk that would take it over (at least one chunk is dealt), the
    same on every machine; a note says so, and the standard error is the one reached. The exact
    enumeration with those draws is then tried only within it too (``max_work // EXPAND_ROWS``
    deals at most, no more hands decided than it pays for); without it, nothing changes.

    When the automatic player's draw reads board cards still to come (Drawmaha before the
    flop), a sample deals ``CLUSTER`` deals on each sampled flop, and its standard error is the
    flops' (the spread of their deals' mean shares, ``cluster_errors``); the method says so.

    It takes five steps: check the options, read the question (the automatic player deciding
    what it can up front), count the deals, add up their tallies, and state the result.

    >>> r = odds("archie", [None, None], draws_to_come=1, target_se=0.02)
    >>> r.deals, r.standard_error <= 0.02
    (500, True)

    >>> r = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""])
    >>> r.method, str(r.players[0].equity)
    ('exact, 44 deals', '5/44')
    >>> odds("badugi", ["As 2d 3h Kh", "As 4d 6h 8s"])
    Traceback (most recent call last):
    ...
    gamelib.errors.DuplicateCardError: As is in seat 0's hand and seat 1's hand: one deck has one of each card
    """
    decl = declaration_of(game)
    options = OddsOptions.checked(budget, samples, seed, progress, target_se, max_work)
    q = read_question(decl, hands, board, boards, dead, discards, draws_to_come)
    player = AutoPlayer(decl)
    decide_up_front(q, player)
    counted = (count_with_auto_draws(q, player, options) if q.auto else count_dealt_deals(q, options))
    return odds_result(q, counted, added_up(counted), options)


@dataclass(frozen=True)
class OddsOptions:
    """How ``odds`` counts: the options it was given, checked (see ``odds``)."""

    budget: int
    samples: int | None
    seed: int
    progress: Progress | None
    target_se: float | None
    max_work: int | None

    @classmethod
    def checked(cls, budget: object, samples: object, seed: object, progress: object, target_se: object,
                max_work: object) -> OddsOptions:
        """The options, each refused with what is allowed when it is out of its range.

        >>> OddsOptions.checked(10, None, 0, None, 0.01, None).budget
        10
        >>> OddsOptions.checked(10, None, 0, None, 0.6, None)
        Traceback (most recent call last):
        ...
        gamelib.errors.GameError: target_se is the standard error a sample may stop at, a number above 0 and at most 0.5 (a share's standard deviation is 1/2 at most), or None; not 0.6
        """  # noqa: E501 (a doctest's expected output is one line)
        budget = whole_number(budget, "the budget (the most deals to enumerate)", 1, MAX_BUDGET)
        if samples is not None:
            samples = whole_number(samples, "samples (how many deals to sample)", 1, MAX_SAMPLES)
        seed = whole_number(seed, "the seed", 0)
        if target_se is not None and (isinstance(target_se, bool) or not isinstance(target_se, (int, float))
                                      or not 0 < target_se <= 0.5):
            raise GameError(f"target_se is the standard error a sample may stop at, a number above 0 and at most "
                            f"0.5 (a share's standard deviation is 1/2 at most), or None; not {shown(target_se)}")
        if max_work is not None:
            max_work = whole_number(max_work, "max_work (the most rows the automatic player may score)", 1, MAX_WORK)
        if progress is not None and not callable(progress):
            raise GameError(f"progress is a function called as progress(done, total), or None, not {shown(progress)}")
        return cls(budget, samples, seed, progress, target_se, max_work)


@dataclass
class Counted:
    """The deals ``odds`` counted: a tally per chance of a deal (its denominator's index in
    ``denominators``), whether every deal was judged (``exact``), how often the automatic player
    drew how many cards (``chosen``), a clustered sample's deals and share sums per flop, how a
    sample with deal-by-deal draws went, and whether the hands were valued from tables built once
    (``GroupTables`` or ``BoardTables``) rather than deal by deal."""

    tallies: dict[int, Tally]
    denominators: Denominators
    exact: bool
    chosen: Chosen = field(default_factory=dict)
    clusters: list[tuple[int, np.ndarray]] = field(default_factory=list)
    sampling: Sampling = field(default_factory=Sampling)
    from_tables: bool = False


def count_dealt_deals(q: OddsQuestion, options: OddsOptions) -> Counted:
    """Count the deals of a question whose draws are all decided up front: every deal when they
    are within the budget (each distinct hand valued once where ``GroupTables`` can), else a
    sample of them."""
    names, shares = portions_of(q.game)
    exact = deal_count(q) <= options.budget
    group_tables = GroupTables.build(q) if exact else None
    board_tables = None
    if group_tables is None and not any(kind != "board" for kind, _, _ in q.groups):
        board_tables = BoardTables.build(q.game, q.kept, q.boards, q.deck)
    total = deal_count(q) if exact else options.samples or DEFAULT_SAMPLES
    tally = Tally(names, shares, len(q.known))
    if group_tables is not None:
        group_tables.tally(tally, options.progress)
    else:
        chunks: Iterator[np.ndarray] = exact_deals(q) if exact else sampled_deals(q, total, options.seed)
        for deals in chunks:
            tally.add(board_tables.judge(deals) if board_tables is not None else judge_chunk(q, deals))
            if options.progress is not None:
                options.progress(tally.deals, total)
    denominators = Denominators()  # every deal equally likely: one over the deals counted
    return Counted({denominators.of(tally.deals if not exact else total): tally}, denominators, exact,
                   from_tables=board_tables is not None or group_tables is not None)


def count_with_auto_draws(q: OddsQuestion, player: AutoPlayer, options: OddsOptions) -> Counted:
    """Count the deals of a question whose draws the automatic player makes deal by deal: every
    possible draw from every partial deal when that is within the budget (and ``max_work``), each
    deal counted by its exact chance; else a sample."""
    enumeration_limit, decisions = options.budget, AUTO_DECISIONS
    if options.max_work is not None:  # the enumeration's work within max_work too (its cost counted, EXPAND_ROWS)
        enumeration_limit = min(options.budget, options.max_work // EXPAND_ROWS)
        decisions = min(decisions, options.max_work // choice_rows(q.game, 1))
    if deal_count(q) <= enumeration_limit:
        denominators = Denominators()
        chosen: Chosen = {}
        try:
            enumerated = exact_auto_odds(q, player, enumeration_limit, denominators, chosen, decisions)
        except OverBudget:
            pass
        else:
            return Counted(judged_by_chance(q, enumerated, options.progress), denominators, True, chosen)
    return sampled_with_auto_draws(q, player, options)


def judged_by_chance(q: OddsQuestion, enumerated: DealRows, progress: Progress | None) -> dict[int, Tally]:
    """Judge every enumerated deal, tallied apart by its chance (its denominator's index)."""
    names, shares = portions_of(q.game)
    tallies: dict[int, Tally] = {}
    total = len(enumerated.hands)
    for start in range(0, total, CHUNK):
        part = slice(start, start + CHUNK)
        masks = judge_many(q.game, enumerated.hands[part],
                           None if enumerated.boards is None else enumerated.boards[part])
        chance = enumerated.den[part]
        for j in np.unique(chance).tolist():
            sel = chance == j
            tallies.setdefault(j, Tally(names, shares, len(q.known))).add({k: v[sel] for k, v in masks.items()})
        if progress is not None:
            progress(min(start + CHUNK, total), total)
    return tallies


def sampled_with_auto_draws(q: OddsQuestion, player: AutoPlayer, options: OddsOptions) -> Counted:
    """A sample of deals, the automatic player drawing deal by deal; it stops early at
    ``options.target_se`` and at ``options.max_work`` (see ``odds``)."""
    names, shares = portions_of(q.game)
    n = len(q.known)
    total = options.samples or AUTO_SAMPLES
    tally = Tally(names, shares, n)
    counts: dict[tuple[int, int], np.ndarray] = {}
    clusters: list[tuple[int, np.ndarray]] = []
    sampling = Sampling()
    for final, final_boards, sizes in sampled_auto_odds(q, player, total, options.seed, options.samples is None,
                                                        counts, options.max_work, sampling):
        masks = judge_many(q.game, final, final_boards)
        tally.add(masks)
        at = 0
        for size in sizes or []:
            flop = Tally(names, shares, n)
            flop.add({k: v[at:at + size] for k, v in masks.items()})
            clusters.append((size, np.array(flop.sum, float)))
            at += size
        if options.progress is not None:
            options.progress(tally.deals, total)
        errors = cluster_errors(clusters) if clusters else _standard_errors(tally, n)
        if options.target_se is not None and tally.deals >= MIN_STOP and max(errors) <= options.target_se:
            break
    if tally.deals < total and options.progress is not None:
        options.progress(tally.deals, tally.deals)  # stopped early: the bar is complete
    denominators = Denominators()
    chosen = {key: {k: Fraction(int(c), tally.deals) for k, c in enumerate(v) if c} for key, v in counts.items()}
    return Counted({denominators.of(tally.deals): tally}, denominators, False, chosen, clusters, sampling)


@dataclass(frozen=True)
class Totals:
    """The counted deals added up over their chances, as whole numbers of ``ways`` (the equally
    likely ways the deals stand for): per portion and seat the wins, ties and shares (over
    ``share_den``), per seat the scoops; ``deals`` is how many deals were judged."""

    deals: int
    ways: int
    share_den: int
    win: list[Any]
    tie: list[Any]
    share: list[Any]
    scoop: list[Any]


def added_up(counted: Counted) -> Totals:
    """Add up the tallies: each tally's deals count ``ways // its denominator`` ways apiece, a
    share a whole number of the ways times the tallies' common share denominator."""
    values = counted.denominators.values
    ways = math.lcm(*(values[j] for j in counted.tallies))
    weighted = [(t, ways // values[j]) for j, t in counted.tallies.items()]
    if counted.exact:
        assert sum(t.deals * w for t, w in weighted) == ways  # every deal's chance counted
    share_den = ways * weighted[0][0].share_den
    win, tie, share, scoop = (_added(t.summary()[name] for t in counted.tallies.values()) if len(weighted) == 1 else
                              _added(np.asarray(t.summary()[name], object) * w for t, w in weighted)
                              for name in ("win", "tie", "share", "scoop"))  # Python integers: no overflow
    deals = sum(t.deals for t in counted.tallies.values())
    return Totals(deals, ways, share_den, win, tie, share, scoop)


def odds_result(q: OddsQuestion, counted: Counted, totals: Totals, options: OddsOptions) -> Odds:
    """The answer: each player's odds per portion, his equity, scoop and standard error, and
    the notes on what the automatic player drew and where a sample stopped."""
    names, _ = portions_of(q.game)
    n = len(q.known)
    ways, share_den, share = totals.ways, totals.share_den, totals.share
    errors = ([0.0] * n if counted.exact else cluster_errors(counted.clusters) if counted.clusters
              else _standard_errors(next(iter(counted.tallies.values())), n))
    players = []
    for i in range(n):
        portions = tuple(PortionOdds(name, Fraction(totals.win[p][i], ways), Fraction(totals.tie[p][i], ways),
                                     Fraction(share[p][i], share_den)) for p, name in enumerate(names))
        players.append(PlayerOdds(i, tuple(q.known[i]), q.random[i], portions,
                                  Fraction(sum(share[p][i] for p in range(len(names))), share_den),
                                  Fraction(totals.scoop[i], ways), errors[i], q.draw_words[i]))
    notes = auto_notes(q, counted.chosen)
    if counted.sampling.limited:
        notes.append(f"the sample stopped at its work limit (max_work {options.max_work:,} rows scored) after "
                     f"{totals.deals:,} deals: its standard error is the one it reached")
    return Odds(q.game.title, tuple(names), tuple(players), totals.deals, counted.exact,
                None if counted.exact else options.seed, tuple(notes), from_tables=counted.from_tables, ways=ways,
                drawn=q.auto, flops=len(counted.clusters), street=q.street)


def _standard_errors(t: Tally, n: int) -> list[float]:
    """The standard error of each of the ``n`` players' equity over a sample's deals."""
    d = t.deals
    out = []
    for i in range(n):
        mean = t.sum[i] / d
        out.append(math.sqrt(max(t.sum_sq[i] / d - mean * mean, 0.0) / max(d - 1, 1)))
    return out


def cluster_errors(clusters: Sequence[tuple[int, np.ndarray]]) -> list[float]:
    """The standard error of each player's equity over a two-stage sample: ``(deals, share
    sums)`` per flop, the flops drawn at random and the deals of each at random given its flop.
    The mean over every deal has the between-flop variance ``F / (F - 1) * sum((T_f - n_f * m) ** 2)
    / N ** 2`` (``T_f`` a flop's share sum, ``n_f`` its deals, ``m`` the mean, ``N`` the deals):
    with equal flops, the variance of the flop means over ``F``. One flop tells nothing of the
    spread: its error is 0.5, the most a share's can be.

    >>> [round(x, 4) for x in cluster_errors([(2, np.array([1.0, 1.0])), (2, np.array([0.0, 2.0]))])]
    [0.25, 0.25]
    """
    sizes = np.array([c for c, _ in clusters], float)
    totals = np.array([t for _, t in clusters], float)
    flops, deals = len(sizes), sizes.sum()
    if flops < 2:
        return [0.5] * totals.shape[1]
    dev = totals - sizes[:, None] * (totals.sum(axis=0) / deals)
    out: list[float] = (np.sqrt(flops / (flops - 1) * (dev * dev).sum(axis=0)) / deals).tolist()
    return out


def _added(arrays: Iterator[np.ndarray]) -> list[Any]:
    """The arrays added up, as (nested) lists of Python integers."""
    total = next(arrays)
    for more in arrays:
        total = total + more
    out: list[Any] = total.tolist()
    return out


__all__ = ["odds", "ProgressBar", "Odds", "PlayerOdds", "PortionOdds", "DEFAULT_BUDGET", "DEFAULT_SAMPLES",
           "MAX_BUDGET", "MAX_SAMPLES", "MAX_WORK", "AUTO_SAMPLES", "AUTO_DECISIONS", "RANDOM_WORDS", "PAT_WORDS"]
