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
from .question import PAT_WORDS, RANDOM_WORDS, DiscardLike, GameLike, HandLike, declaration_of, read_question
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
    ``target_se`` (``MIN_STOP`` deals at least): the same seed gives the same deals and the same stop, and the answer states its
    standard error as always. Exact answers, and samples without deal-by-deal draws, ignore it.
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
    budget = whole_number(budget, "the budget (the most deals to enumerate)", 1, MAX_BUDGET)
    if samples is not None:
        samples = whole_number(samples, "samples (how many deals to sample)", 1, MAX_SAMPLES)
    seed = whole_number(seed, "the seed", 0)
    if target_se is not None and (isinstance(target_se, bool) or not isinstance(target_se, (int, float))
                                  or not 0 < target_se <= 0.5):
        raise GameError(f"target_se is the standard error a sample may stop at, a number above 0 and at most 0.5 "
                        f"(a share's standard deviation is 1/2 at most), or None; not {shown(target_se)}")
    if max_work is not None:
        max_work = whole_number(max_work, "max_work (the most rows the automatic player may score)", 1, MAX_WORK)
    if progress is not None and not callable(progress):
        raise GameError(f"progress is a function called as progress(done, total), or None, not {shown(progress)}")
    q = read_question(decl, hands, board, boards, dead, discards, draws_to_come)
    player = AutoPlayer(decl)
    decide_up_front(q, player)
    names, shares = portions_of(decl)
    n = len(hands)
    count = deal_count(q)
    tallies: dict[int, Tally] = {}  # one per chance of a deal (its denominator's index in dens)
    dens = Denominators()
    chosen: Chosen = {}
    fast = None
    tables = None
    exact = False
    clusters: list[tuple[int, np.ndarray]] = []  # a clustered sample's deals and share sums per flop
    how = Sampling()
    if not q.auto:
        exact = count <= budget
        tables = GroupTables.build(q) if exact else None
        if tables is None and not any(kind != "board" for kind, _, _ in q.groups):
            fast = BoardTables.build(decl, q.kept, q.boards, q.deck)
        total = count if exact else samples or DEFAULT_SAMPLES
        tally = tallies.setdefault(dens.of(total), Tally(names, shares, n))
        if tables is not None:  # each distinct hand valued once (tables.py)
            tables.tally(tally, progress)
        else:
            chunks: Iterator[np.ndarray] = exact_deals(q) if exact else sampled_deals(q, total, seed)
            for deals in chunks:
                tally.add(fast.judge(deals) if fast is not None else judge_chunk(q, deals))
                if progress is not None:
                    progress(tally.deals, total)
        if not exact:  # the chance of a sampled deal is one over the deals drawn
            dens = Denominators()
            tallies = {dens.of(tally.deals): tally}
    else:
        leaves = None
        tried, decisions = budget, AUTO_DECISIONS
        if max_work is not None:  # the enumeration's work within max_work too (its cost counted, EXPAND_ROWS)
            tried = min(budget, max_work // EXPAND_ROWS)
            decisions = min(decisions, max_work // choice_rows(decl, 1))
        if count <= tried:
            try:
                leaves = exact_auto_odds(q, player, tried, dens, chosen, decisions)
            except OverBudget:
                dens, chosen = Denominators(), {}
        if leaves is not None:
            exact = True
            total = len(leaves.hands)
            for start in range(0, total, CHUNK):
                part = slice(start, start + CHUNK)
                masks = judge_many(decl, leaves.hands[part], None if leaves.boards is None else leaves.boards[part])
                den = leaves.den[part]
                for j in np.unique(den).tolist():
                    sel = den == j
                    tallies.setdefault(j, Tally(names, shares, n)).add({k: v[sel] for k, v in masks.items()})
                if progress is not None:
                    progress(min(start + CHUNK, total), total)
        else:
            total = samples or AUTO_SAMPLES
            tally = Tally(names, shares, n)
            counts: dict[tuple[int, int], np.ndarray] = {}
            for final, final_boards, sizes in sampled_auto_odds(q, player, total, seed, samples is None, counts,
                                                            max_work, how):
                masks = judge_many(decl, final, final_boards)
                tally.add(masks)
                at = 0
                for size in sizes or []:
                    one = Tally(names, shares, n)
                    one.add({k: v[at:at + size] for k, v in masks.items()})
                    clusters.append((size, np.array(one.sum, float)))
                    at += size
                if progress is not None:
                    progress(tally.deals, total)
                errors = cluster_errors(clusters) if clusters else _standard_errors(tally, n)
                if target_se is not None and tally.deals >= MIN_STOP and max(errors) <= target_se:
                    break
            if tally.deals < total and progress is not None:
                progress(tally.deals, tally.deals)  # stopped early: the bar is complete
            tallies = {dens.of(tally.deals): tally}
            chosen = {key: {k: Fraction(int(c), tally.deals) for k, c in enumerate(v) if c}
                      for key, v in counts.items()}
    d = sum(t.deals for t in tallies.values())
    ways = math.lcm(*(dens.values[j] for j in tallies))
    # every figure is a whole number of the ways (each tally's deals count ways // its denominator
    # ways apiece), a share a whole number of the ways times the tallies' common share denominator
    per = [(t, ways // dens.values[j]) for j, t in tallies.items()]
    if exact:
        assert sum(t.deals * w for t, w in per) == ways  # every deal's chance counted
    share_den = ways * per[0][0].share_den
    win, tie, share, scoop = (_added(t.summary()[name] for t in tallies.values()) if len(per) == 1 else
                              _added(np.asarray(t.summary()[name], object) * w for t, w in per)
                              for name in ("win", "tie", "share", "scoop"))  # Python integers: no overflow

    players = []
    for i in range(n):
        por = tuple(PortionOdds(name, Fraction(win[p][i], ways), Fraction(tie[p][i], ways),
                                Fraction(share[p][i], share_den)) for p, name in enumerate(names))
        se = (0.0 if exact else cluster_errors(clusters)[i] if clusters
              else _standard_errors(next(iter(tallies.values())), n)[i])
        players.append(PlayerOdds(i, tuple(q.known[i]), q.random[i], por,
                                  Fraction(sum(share[p][i] for p in range(len(names))), share_den),
                                  Fraction(scoop[i], ways), se, q.draw_words[i]))
    notes = auto_notes(q, chosen)
    if how.limited:
        notes.append(f"the sample stopped at its work limit (max_work {max_work:,} rows scored) after {d:,} deals: "
                     f"its standard error is the one it reached")
    return Odds(decl.title, tuple(names), tuple(players), d, exact, None if exact else seed, tuple(notes),
                fast=fast is not None or tables is not None, ways=ways, drawn=q.auto, flops=len(clusters))


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
