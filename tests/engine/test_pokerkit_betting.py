"""The betting state machine against an independent engine: pokerkit's ``State`` (a test-only
oracle), fed the same random action sequences, short stacks and all-ins included.

Games and structures: every pot game pokerkit can play, each with the betting structures
pokerkit has (fixed limit, pot limit, no limit; it has no spread limit):

- Badugi and Deuce-to-Seven Triple Draw: limit (blinds per R11, lower limits $1 to $5), and
  $1/$2 or $2/$5 pot limit and no limit;
- Seven Card Stud Eight or Better: $2/$4, $4/$8 and $10/$20 stud (R-A9 bring-ins, antes $0 to
  $2), and $1 bring-in / $2 pot limit and no limit;
- Big O: the three limit structures of R18 ($1-$2, $2-$4, $4-$4), $3/$6 limit, $1/$2 pot limit
  and no limit. pokerkit's own ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` is four-card
  (and, in pokerkit 0.7.7, declared pot-limit), so the oracle is built with pokerkit's generic
  ``State``: five down cards, ``OmahaHoldemHand`` + ``OmahaEightOrBetterLowHand``, which take
  exactly two hole cards from any number. Big O is therefore compared in full, showdowns too.

pokerkit is built per hand from the same declaration (``pk_streets``): our streets, bet sizes
(R12), the raise cap (R13: pokerkit counts completions, bets and raises but not the blind, so
its cap is four pre-flop in blind games and 1 + 4 elsewhere, and it applies heads-up too, as
R-A2 has it), blinds, antes (with pokerkit's ante trimming on, so that an ante counts toward
the side pots as ours does, R7) and bring-in. Card dealing is not automated in pokerkit: it is
dealt exactly the cards our ``Hand`` dealt (hole, up, board and draw cards; burns as ``??``),
so stud's bring-in and first-to-act (R14, R-A4, R28), and every showdown, are decided on the
same cards. Stud is played six-handed at most, so that seven cards each and the burns fit one
deck (no R-A6 community card, which pokerkit deals differently).

Seat mapping. Our seat ``s`` is pokerkit's player ``(s - button - 1) % n``. In a blind game
with three or more players pokerkit's player 0 is the small blind (the seat left of the
button), player 1 the big blind and player n-1 the button. Heads-up pokerkit reverses the
blinds: its player 0 (the seat left of the button) posts the big blind and player 1 (the
button) the small blind, as R-A7 has it. In stud, player 0 is the seat on the dealer's left,
so pokerkit's tie between equal boards (the lowest player index) is R-A4's seat nearest the
dealer's left.

At every decision the test compares who is to act (betting or drawing), the legal kinds
(fold, check, call and its amount, bet/raise/complete, bring-in and its amount, draw) and the
smallest and largest bet-or-raise-to amounts. After the hand it compares each player's total
contribution (less an uncalled bet, which both return), the pots (amount and eligible seats)
and the final stacks, chip for chip. pokerkit plays in cash-game mode, where like R-A8 it lets
a player fold when he could check.

Where the engines disagree, the disagreement must fall into one of the classes of
``DIFFERENCES``, each explained by a ruling (or named as a pokerkit quirk); anything else
fails with the action history. After an explained difference the hand goes on with actions
legal in both engines with the same effect (a fold, a check, a call of the same amount, a bet
or raise to an amount both allow); when there is none, or the two disagree on who acts, the
hand stops there. Each class also has a minimal scripted reproduction below.

Counts. The default run (seed 20261126) compares 4,000 hands (1,000 per game), 61,505
decisions (Badugi 20,262, 2-7 Triple Draw 20,570, Stud 8 9,648, Big O 11,025; a decision is
one action by one player, draws included) and 3,342 showdowns, in about 20 s.
``test_large_run`` (marked ``slow``, skipped unless selected with ``pytest -m slow``) compares
40,000 hands and 607,928 decisions, in a few minutes. Neither run met a disagreement outside
``DIFFERENCES``; the rulings where the engines agree throughout include R13/R-A2 (the cap),
R14/R-A4/R28 (stud first to act), R16 (the pot-limit maximum), R27 at the start of a round,
R29 (no completing a short all-in at pot limit and no limit) and R30 (no raise nobody can call).
"""

from __future__ import annotations

import sys
import warnings
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    Mode,
    Opening,
    State,
)
from pokerkit import Street as PKStreet

from gamelib.cards import format_card
from gamelib.engine.hand import Hand
from gamelib.engine.pots import side_pots
from gamelib.engine.showdown import qualifier_value
from gamelib.games.pot import (
    BIG_O_STRUCTURES,
    LIMIT_RAISES,
    POT_DECLARATIONS,
    POT_RULINGS,
    big_bet_structure,
    limit_structure,
    stud_structure,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pokerkit_hands import HAND_TYPES  # noqa: E402  (tests/pokerkit_hands.py)

GAMES = ("badugi", "27-triple-draw", "stud8", "big-o")
HANDS_PER_GAME = 1000
SEED = 20261126

# --- the classes of known, explained differences --------------------------------------------

#: class -> (ruling, what differs). Every disagreement found must be one of these.
DIFFERENCES: dict[str, tuple[str, str]] = {
    "last-player-asked": (
        "R27",
        "when every other player still in is all in (or folds) during a round, the one player with "
        "chips left does not act again unless he faces a bet; pokerkit still asks him (he can only "
        "check or fold). The test checks for him in pokerkit and goes on."),
    "short-big-blind": (
        "R-A15",
        "the big blind is posted all in for less than the full blind: the others still call the full "
        "big blind, and a raise is measured from it (R-A15); pokerkit's bet to call is the amount "
        "actually posted, and it measures raises from that."),
    "heads-up-equal-blinds": (
        "R-A7",
        "heads-up with equal blinds ($1/$1 at a $1 lower limit, R11; Big O $4-$4, R18): the button posts "
        "the small blind and acts first pre-flop (R-A7); pokerkit starts left of the larger blind and, "
        "the blinds being equal, picks the big blind (pokerkit quirk)."),
    "limit-completion": (
        "R-A1",
        "limit: after a short all-in bet (less than the full bet) the next player may complete it to a "
        "full bet (R-A1; R29 allows it at limit only); pokerkit offers only a full raise on top of the "
        "short bet. Both agree that a completion does not reopen the betting for those who called the "
        "short bet (R-A1: they face less than a full raise)."),
    "short-all-in-reopens": (
        "R-A1",
        "a short all-in bet or raise does not reopen the betting for a player who has already acted; "
        "pokerkit reopens it when the short wager is the round's first (it measures a full raise from the "
        "short bet, and pre-flop it does not count the big blind as the bet)."),
    "short-all-ins-add-up": (
        "R-A1",
        "short all-in raises that together make a full raise reopen the betting for a player who acted "
        "before them (R-A1, TDA); pokerkit sums consecutive short all-ins but restarts the sum once it "
        "reaches a full raise without reopening, so after one more short all-in the player may only "
        "call (pokerkit quirk)."),
    "short-all-in-cap": (
        "R-A1",
        "a short all-in raise does not count toward the cap of one bet and four raises (R13, R-A1); "
        "pokerkit counts it, so it closes the cap one raise early."),
    "completion-size": (
        "R29",
        "big-bet stud: completing the bring-in is the round's first full bet (R29, R-A11), so a raise "
        "over it is at least the whole completed amount; pokerkit measures the completion from the "
        "bring-in and allows a raise by the difference."),
    "bring-in-stack-complete": (
        "R-A11",
        "a player whose stack is no more than the bring-in: pokerkit offers 'complete' to the same "
        "all-in amount beside the bring-in (pokerkit quirk; the same chips either way)."),
    "side-pot-low-half": (
        "R7",
        "a side pot in which no eligible player has a qualifying low while a player outside it does: "
        "each pot is judged on its own (R7), so its high hand takes it all; pokerkit keeps the pot "
        "split high/low and pays the low half among that pot's players (pokerkit quirk)."),
    "odd-chip": (
        "R6",
        "the same winners, but odd dollars go one each clockwise from the button (in stud by the "
        "highest or lowest card by suit, R6), pot by pot (R7); pokerkit gives every odd dollar of a "
        "split to the first winner from the button's left, and divides pots again after mucking the "
        "hands that cannot win, merging pots the same players contest."),
}

#: Classes after which both engines stay in step (the hand is compared on, unaltered).
CONTINUES = {"last-player-asked", "bring-in-stack-complete"}


def ruling_exists(ruling: str) -> bool:
    return ruling in POT_RULINGS or (ruling.startswith("R") and ruling[1:].isdigit() and 1 <= int(ruling[1:]) <= 30)


# --- pokerkit, built from our declaration ----------------------------------------------------

AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.RUNOUT_COUNT_SELECTION, Automation.CHIPS_PULLING)
BETTING = {"limit": BettingStructure.FIXED_LIMIT, "pot-limit": BettingStructure.POT_LIMIT,
           "no-limit": BettingStructure.NO_LIMIT}
CARD_TEXT = [format_card(c) for c in range(52)]


class MemoHandType:
    """A pokerkit hand type whose ``from_game`` remembers its answers (pokerkit re-evaluates
    every hand several times at a showdown; five-card Omaha makes that the test's bottleneck)."""

    def __init__(self, hand_type):
        self.hand_type = hand_type
        self.memo: dict = {}

    def from_game(self, hole_cards, board_cards=()):
        key = (tuple(hole_cards), tuple(board_cards))
        if key not in self.memo:
            try:
                self.memo[key] = self.hand_type.from_game(key[0], key[1])
            except ValueError as e:
                self.memo[key] = e
        out = self.memo[key]
        if isinstance(out, ValueError):
            raise out
        return out


def pk_streets(game, structure) -> tuple[PKStreet, ...]:
    """Our streets as pokerkit streets: same cards, bet sizes (R12) and cap (R13, R-A2)."""
    limit = structure.kind == "limit"
    out = []
    for i, s in enumerate(game.streets):
        size = structure.big_bet if (limit and s.bet == "big") else structure.small_bet
        # pokerkit counts the completion (stud) but not the big blind as a bet.
        cap = None if not limit else (LIMIT_RAISES if i == 0 and not game.is_stud else 1 + LIMIT_RAISES)
        if game.is_stud:
            opening = Opening.LOW_CARD if i == 0 else Opening.HIGH_HAND  # R14 (Stud 8)
            out.append(PKStreet(i > 0, (False,) * s.down + (True,) * s.up, 0, False, opening, size, cap))
        elif s.draw:
            out.append(PKStreet(True, (), 0, True, Opening.POSITION, size, cap))
        elif s.board:
            out.append(PKStreet(True, (), s.board, False, Opening.POSITION, size, cap))
        else:
            out.append(PKStreet(False, (False,) * s.down, 0, False, Opening.POSITION, size, cap))
    return tuple(out)


class Mirror:
    """pokerkit's ``State`` kept in step with one of our hands, dealt our cards."""

    def __init__(self, h: Hand):
        self.h = h
        n = h.n
        self.to_pk = [(s - h.button - 1) % n for s in range(n)]
        self.to_seat = [0] * n
        for s, i in enumerate(self.to_pk):
            self.to_seat[i] = s
        g, st = h.game, h.structure
        stacks = [h.start_stacks[self.to_seat[i]] for i in range(n)]
        blinds = 0 if g.is_stud else (st.small_blind, st.big_blind)
        hand_types = tuple(MemoHandType(HAND_TYPES[p.system]) for p in g.portions)
        self.pk = State(AUTOMATIONS, Deck.STANDARD, hand_types, pk_streets(g, st), BETTING[st.kind], True,
                        st.ante, blinds, st.bring_in, stacks, n, mode=Mode.CASH_GAME)
        self.draw_game = g.draws > 0
        self.dealt_down = [list(h.down[s]) for s in range(n)]  # draw games: the deal, then each draw's cards
        self.fed_down = [0] * n
        self.fed_up = [0] * n
        self.fed_board = 0
        self.pots: list[tuple[int, tuple[int, ...]]] | None = None
        self.contributions: list[int] | None = None
        self.pushes: list = []
        self.feed()

    def feed(self) -> None:
        """Burn, deal, show and push in pokerkit whatever our hand has already done."""
        pk, h = self.pk, self.h
        while True:
            if pk.card_burning_status and pk.can_burn_card("??"):
                pk.burn_card("??")
            elif (i := pk.hole_dealee_index) is not None:
                s = self.to_seat[i]
                if pk.hole_dealing_statuses[i][0]:  # an up card
                    if self.fed_up[s] >= len(h.up[s]):
                        return
                    card = h.up[s][self.fed_up[s]]
                    self.fed_up[s] += 1
                else:
                    down = self.dealt_down[s] if self.draw_game else h.down[s]
                    if self.fed_down[s] >= len(down):
                        return
                    card = down[self.fed_down[s]]
                    self.fed_down[s] += 1
                pk.deal_hole(CARD_TEXT[card])
            elif pk.can_deal_board():
                k = pk.board_dealing_count
                cards = h.boards[0][self.fed_board:self.fed_board + k]
                if len(cards) < k:
                    return
                self.fed_board += k
                pk.deal_board("".join(CARD_TEXT[c] for c in cards))
            elif pk.can_show_or_muck_hole_cards(True):
                pk.show_or_muck_hole_cards(True)
            elif pk.can_kill_hand() or pk.can_push_chips():
                if self.pots is None:  # the pots, before pokerkit kills hands that cannot win
                    self.pots = [(p.amount, tuple(sorted(self.to_seat[i] for i in p.player_indices)))
                                 for p in pk.pots]
                    self.contributions = [pk.starting_stacks[self.to_pk[s]] - pk.stacks[self.to_pk[s]]
                                          for s in range(h.n)]
                if pk.can_kill_hand():
                    pk.kill_hand()
                else:
                    self.pushes.append(pk.push_chips())
            else:
                return

    @property
    def stacks(self) -> list[int]:
        return [self.pk.stacks[self.to_pk[s]] for s in range(self.h.n)]


# --- the two views of a decision ---------------------------------------------------------------

@dataclass(frozen=True)
class View:
    """Who is to act, in what phase, and what is legal: kind -> (min, max) or None."""

    seat: int | None
    phase: str | None
    legal: tuple = ()

    @property
    def kinds(self) -> dict:
        return dict(self.legal)

    def __str__(self) -> str:
        if self.seat is None:
            return "nobody to act"
        return f"seat {self.seat} {self.phase}: " + ", ".join(
            k if v is None else f"{k} {v[0]}" + (f"-{v[1]}" if v[1] != v[0] else "") for k, v in self.legal)


def ours_view(h: Hand) -> View:
    if h.is_over or h.to_act is None:
        return View(None, None)
    if h.phase == "draw":
        return View(h.to_act, "draw")
    out = {}
    for a in h.legal_actions():
        kind = "raise" if a.kind in ("bet", "raise", "complete") else a.kind
        out[kind] = None if a.min is None else (a.min, a.max)
    return View(h.to_act, "bet", tuple(sorted(out.items())))


def pk_view(m: Mirror) -> View:
    pk = m.pk
    if (i := pk.stand_patter_or_discarder_index) is not None:
        return View(m.to_seat[i], "draw")
    if (i := pk.actor_index) is None:
        return View(None, None)
    out: dict = {}
    if pk.can_post_bring_in():
        out["bring-in"] = (pk.effective_bring_in_amount,) * 2
    if pk.can_fold():
        out["fold"] = None
    if pk.can_check_or_call():
        c = pk.checking_or_calling_amount
        if c:
            out["call"] = (c, c)
        else:
            out["check"] = None
    if pk.can_complete_bet_or_raise_to():
        out["raise"] = (pk.min_completion_betting_or_raising_to_amount,
                        pk.max_completion_betting_or_raising_to_amount)
    return View(m.to_seat[i], "bet", tuple(sorted(out.items())))


# --- classifying a disagreement -----------------------------------------------------------------

def _same_except(a: dict, b: dict, *kinds: str) -> bool:
    return {k: v for k, v in a.items() if k not in kinds} == {k: v for k, v in b.items() if k not in kinds}


def this_round(h: Hand) -> str:
    """The history of the betting round being played."""
    start = max(i for i, line in enumerate(h.history) if line.startswith("***"))
    return "\n".join(h.history[start:])


def classify_decision(h: Hand, m: Mirror, ours: View, theirs: View) -> str | None:
    """The class of ``DIFFERENCES`` this disagreement belongs to, or None (unexplained)."""
    st, g, pk = h.structure, h.game, m.pk
    o, p = ours.kinds, theirs.kinds
    s = theirs.seat
    if theirs.phase == "bet" and s is not None and (s != ours.seat or ours.phase != "bet"):
        # R27: pokerkit asks the one player with chips left, who faces no bet.
        with_chips = [x for x in range(h.n) if not h.folded[x] and h.stacks[x] - h.winnings[x] > 0]
        if with_chips == [s] and "check" in p and "call" not in p:
            return "last-player-asked"
    if ours.seat != theirs.seat or ours.phase != theirs.phase:
        if (h.n == 2 and not g.is_stud and h.street_index == 0 and st.small_blind == st.big_blind
                and ours.seat == h.button and theirs.seat == 1 - h.button and h.pot == 2 * st.big_blind):
            return "heads-up-equal-blinds"
        return None
    s = ours.seat
    if ours.phase != "bet":
        return None
    if ("raise" in p and "raise" not in o and "bring-in" in o and p["raise"] == o["bring-in"]
            and _same_except(o, p, "raise")):
        return "bring-in-stack-complete"
    # The betting round, read through its public view (gamelib.engine.betting_round.RoundView).
    v = h.round_view
    if (not g.is_stud and h.street_index == 0 and h.stacks[h.bb_seat] == 0
            and h.contributed[h.bb_seat] < st.big_blind and _same_except(o, p, "call", "raise")):
        # Either pokerkit's bet is the short blind while nobody has raised (a smaller call and
        # raise), or after a raise it measures the raise from the amount posted, not from the
        # full blind (another minimum raise, and another answer to whether a raise was full).
        if max(pk.bets) < v.current_bet == st.big_blind or (
                o.get("call") == p.get("call") and pk.completion_betting_or_raising_amount != v.last_full_raise):
            return "short-big-blind"
    cb = v.current_bet
    if (st.kind == "limit" and 0 < cb < v.unit and not v.bring_in_bet and _same_except(o, p, "raise")
            and "raise" in o and "raise" in p):
        all_in = h.committed[s] + h.stacks[s]
        if o["raise"] == (min(v.unit, all_in),) * 2 and p["raise"] == (min(cb + v.unit, all_in),) * 2:
            return "limit-completion"
    acted = v.acted_on[s] is not None
    if ("raise" in p and "raise" not in o and _same_except(o, p, "raise") and acted and s not in v.open_to):
        return "short-all-in-reopens"
    if ("raise" in o and "raise" not in p and _same_except(o, p, "raise") and v.reopened_for(s)
            and m.to_pk[s] in pk.acted_player_indices
            and pk.consecutive_short_all_in_amounts and "(short: " in this_round(h)):
        return "short-all-ins-add-up"
    if (st.kind == "limit" and "raise" in o and "raise" not in p and _same_except(o, p, "raise")
            and pk.completion_betting_or_raising_count == pk.street.max_completion_betting_or_raising_count
            and not v.capped):
        return "short-all-in-cap"
    if (g.is_stud and st.kind != "limit" and h.street_index == 0 and "raise" in o and "raise" in p
            and _same_except(o, p, "raise") and o["raise"][1] == p["raise"][1] and o["raise"][0] > p["raise"][0]
            and any(" completes to " in line for line in h.history)):
        return "completion-size"
    return None


def pokerkit_pots(contributions: list[int], players: list[int]) -> list[tuple[int, list[int]]]:
    """pokerkit's pots (``State.pots``): one per contribution level, among ``players`` (pokerkit
    indices still holding cards), merging neighbours contested by the same players."""
    pots: list[tuple[int, list[int]]] = []
    prev = 0
    for level in sorted(set(contributions)):
        amount = sum(level - prev for c in contributions if c >= level)
        who = [i for i in players if contributions[i] >= level]
        while pots and pots[-1][1] == who:
            amount += pots.pop()[0]
        if amount:
            pots.append((amount, who))
        prev = level
    return pots


def pokerkit_payout(h: Hand, m: Mirror) -> tuple[list[int], bool]:
    """What pokerkit pays at our showdown by its own rules, from our judged hands (per seat),
    and whether a pot's low half went to players without a qualifying low.

    pokerkit first mucks every hand that cannot win any part of any pot, then rebuilds the pots
    among the remaining players (merging pots they contest alike), halves each pot between the
    hand types somebody still in holds (the odd dollar to the high half), pays each half to the
    best such hand among the pot's players, or, if none of them holds one, to all of them, and
    gives a split's odd dollars all to the first winner by pokerkit index."""
    sd = h.showdown
    bars = [qualifier_value(p.system, p.qualifier) for p in h.game.portions]

    def value(k: int, i: int):  # portion k of pokerkit player i: None without a (qualifying) hand
        v = sd.values[k][m.to_seat[i]]
        return v if v is not None and v >= bars[k] else None

    kinds = range(len(bars))
    live = [i for i in range(h.n) if not h.folded[m.to_seat[i]]]
    contributions = [m.contributions[m.to_seat[i]] for i in range(h.n)]

    def can_win(i: int) -> bool:
        for k in kinds:
            if value(k, i) is None:
                continue
            for _, who in pokerkit_pots(contributions, live):
                if i in who and max(v for v in (value(k, j) for j in who) if v is not None) <= value(k, i):
                    return True
        return False

    alive = [i for i in live if can_win(i)]
    present = [k for k in kinds if any(value(k, i) is not None for i in alive)]
    pay = [0] * h.n
    low_half_to_all = False
    for amount, who in pokerkit_pots(contributions, alive):
        q, r = divmod(amount, len(present))
        for n_k, k in enumerate(present):
            part = q + (r if n_k == 0 else 0)
            values = [value(k, j) for j in who]
            best = max((v for v in values if v is not None), default=None)
            winners = [j for j, v in zip(who, values, strict=True) if v == best]
            low_half_to_all |= best is None and part > 0
            q2, r2 = divmod(part, len(winners))
            for w in winners:
                pay[m.to_seat[w]] += q2 + (r2 if w == winners[0] else 0)
    return pay, low_half_to_all


def fair_shares(h: Hand) -> tuple[list[Fraction], list[int], list[int]]:
    """Each seat's exact share of our pots as judged (R7, R8), before any rounding to dollars;
    in how many pot portions it is a winner (R6 rounds each by less than $2: a high/low odd
    dollar and one tie dollar); and how far pokerkit may round it (all of a tie's odd dollars
    to one winner: less than the number of winners, and the high/low odd dollar)."""
    sd = h.showdown
    exact = [Fraction(0)] * h.n
    wins = [0] * h.n
    pokerkit_slack = [0] * h.n
    for amount, eligible in our_pots(h):
        if len(eligible) == 1:
            exact[eligible[0]] += amount
            wins[eligible[0]] += 1
            pokerkit_slack[eligible[0]] += 1
            continue
        for portion in sd.judge(eligible):
            for w in portion.winners if portion.share else ():
                exact[w] += amount * portion.share / len(portion.winners)
                wins[w] += 1
                pokerkit_slack[w] += len(portion.winners) + 1
    return exact, wins, pokerkit_slack


def classify_payout(h: Hand, m: Mirror) -> tuple[str | None, str]:
    """Why the final stacks differ after a showdown: (class or None, details)."""
    if h.showdown is None:
        return None, "no showdown, yet the stacks differ"
    paid = [0] * h.n
    for op in m.pushes:
        for i, x in enumerate(op.amounts):
            paid[m.to_seat[i]] += x
    expected, low_half_to_all = pokerkit_payout(h, m)
    if paid != expected:
        return None, f"pokerkit pays {paid}, not {expected} as its rules give on our judged hands"
    ours = [w - (c - r) for w, c, r in zip(h.winnings, h.contributed, uncalled_returned(h.contributed), strict=True)]
    exact, wins, slack = fair_shares(h)
    if any(abs(x - e) >= max(2 * k, 1) for x, e, k in zip(ours, exact, wins, strict=True)):
        return None, f"our payout {ours} is not the judged shares {[str(e) for e in exact]} to the dollar"
    if low_half_to_all:
        return "side-pot-low-half", ""
    if all(abs(x - e) < max(k, 1) for x, e, k in zip(paid, exact, slack, strict=True)):
        return "odd-chip", ""
    return None, f"our payout {ours} and pokerkit's {paid} differ by more than odd dollars"


def our_pots(h: Hand) -> list[tuple[int, tuple[int, ...]]]:
    """Our pots, without an uncalled bet (pokerkit hands it back before making pots)."""
    c = uncalled_returned(h.contributed)
    return [(p.amount, tuple(p.eligible)) for p in side_pots(c, [not f for f in h.folded])]


def uncalled_returned(contributed: list[int]) -> list[int]:
    top = sorted(contributed)
    c = list(contributed)
    if len(top) > 1 and top[-1] > top[-2]:
        c[c.index(top[-1])] = top[-2]
    return c


# --- playing one hand in both engines ------------------------------------------------------------

@dataclass
class Result:
    decisions: int = 0
    classes: Counter = field(default_factory=Counter)
    unexplained: str | None = None
    stopped: bool = False
    showdown: bool = False
    first: dict = field(default_factory=dict)  # class -> (ours, pokerkit) where first met


def common_actions(h: Hand, ours: View, theirs: View) -> list[tuple[str, int | None, list | None]]:
    """Our legal actions that pokerkit allows with the same effect."""
    o, p = ours.kinds, theirs.kinds
    out = []
    for a in h.legal_actions():
        if a.kind in ("fold", "check") and a.kind in p:
            out.append((a.kind, None, None))
        elif a.kind in ("call", "bring-in") and p.get(a.kind) == o[a.kind]:
            out.append((a.kind, None, None))
        elif a.kind in ("bet", "raise", "complete") and "raise" in p:
            lo, hi = max(a.min, p["raise"][0]), min(a.max, p["raise"][1])
            if lo <= hi:
                out.append((a.kind, lo, hi))
    return out


def choose(h: Hand, options, rng) -> tuple[str, int | None, list | None]:
    """A random action: folds facing a bet, calls and checks, raises of the smallest, the largest
    or a random size, so all-ins and short all-ins are common; random draws."""
    s = h.to_act
    if h.phase == "draw":
        if rng.random() < 0.3:
            return ("stand pat", None, None)
        k = int(rng.integers(1, len(h.down[s]) + 1))
        return ("draw", None, [int(c) for c in rng.choice(h.down[s], size=k, replace=False)])
    kinds = {k: (lo, hi) for k, lo, hi in options}
    agg = next((k for k in ("bet", "raise", "complete") if k in kinds), None)
    r = rng.random()
    if agg and (r < 0.35 or not ({"bring-in", "call", "check", "fold"} & set(kinds))):
        lo, hi = kinds[agg]
        x = rng.random()
        return (agg, lo if x < 0.4 else hi if x < 0.7 else int(rng.integers(lo, hi + 1)), None)
    if "bring-in" in kinds:
        return ("bring-in", None, None)
    if "call" in kinds:
        return ("fold" if r > 0.8 and "fold" in kinds else "call", None, None)
    if "check" in kinds:
        return ("fold" if r > 0.97 and "fold" in kinds else "check", None, None)
    return ("fold", None, None)


def act_both(h: Hand, m: Mirror, action) -> None:
    kind, amount, cards = action
    pk = m.pk
    s = h.to_act
    if kind in ("draw", "stand pat"):
        before = list(h.down[s])
        h.act(kind, cards=cards)
        if kind == "draw":
            keep = [c for c in before if c not in cards]
            m.dealt_down[s].extend(c for c in h.down[s] if c not in keep)
            pk.stand_pat_or_discard("".join(CARD_TEXT[c] for c in cards))
        else:
            pk.stand_pat_or_discard(())
    else:
        h.act(kind, amount=amount)
        if kind == "fold":
            pk.fold()
        elif kind in ("check", "call"):
            pk.check_or_call()
        elif kind == "bring-in":
            pk.post_bring_in()
        else:
            pk.complete_bet_or_raise_to(amount)
    m.feed()


def describe(h: Hand, key: str, seed: int, actions: list) -> str:
    st = h.structure
    return (f"{key}, {st.name}, stacks {h.start_stacks}, button {h.button}, deck seed {seed}\n"
            f"actions: {actions}\n" + "\n".join(h.history))


def play(key: str, structure, stacks: list[int], button: int, seed: int, rng=None, actions=None) -> Result:
    """Play one hand in both engines: random actions from ``rng``, or the scripted ``actions``."""
    h = Hand(POT_DECLARATIONS[key], stacks, button=button, structure=structure, seed=seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns on cash-game folds and on our reshuffled cards
        m = Mirror(h)
        res = Result()
        done: list = []
        script = list(actions) if actions is not None else None
        while True:
            ours, theirs = ours_view(h), pk_view(m)
            if ours.seat is None and theirs.seat is None:
                break
            res.decisions += 1
            diff = ours != theirs
            if diff:
                cls = classify_decision(h, m, ours, theirs)
                if cls is None:
                    res.unexplained = (f"unexplained disagreement at decision {res.decisions}:\n"
                                       f"  ours:     {ours}\n  pokerkit: {theirs}\n" + describe(h, key, seed, done))
                    return res
                res.classes[cls] += 1
                res.first.setdefault(cls, (str(ours), str(theirs)))
                if cls == "last-player-asked":
                    m.pk.check_or_call()
                    m.feed()
                    continue
                if ours.seat != theirs.seat or ours.phase != theirs.phase:
                    res.stopped = True
                    return res
            if ours.phase == "draw":
                options = [("draw", None, None)]
            else:
                options = common_actions(h, ours, theirs) if diff and cls not in CONTINUES else \
                    [(a.kind, a.min, a.max) for a in h.legal_actions()]
            if not options:
                res.stopped = True
                return res
            if script is not None:
                if not script:
                    return res
                action = script.pop(0)
                if isinstance(action, str):
                    action = (action, None, None)
                elif len(action) == 2:
                    action = (action[0], action[1], None)
            else:
                action = choose(h, options, rng)
            done.append(action[:2] if action[2] is None else action)
            act_both(h, m, action)
        # the hand is over in both engines
        res.showdown = h.showdown is not None
        problems = []
        if m.pk.status:
            problems.append("pokerkit's hand is not over")
        if res.showdown and m.contributions != uncalled_returned(h.contributed):
            problems.append(f"contributions: ours {uncalled_returned(h.contributed)}, pokerkit {m.contributions}")
        if res.showdown and m.pots != our_pots(h):
            problems.append(f"pots: ours {our_pots(h)}, pokerkit {m.pots}")
        if not problems and m.stacks != h.stacks:
            cls, why = classify_payout(h, m)
            if cls is None:
                problems.append(f"final stacks: ours {h.stacks}, pokerkit {m.stacks} ({why})")
            else:
                res.classes[cls] += 1
                res.first.setdefault(cls, (f"stacks {h.stacks}", f"stacks {m.stacks}"))
        if problems:
            res.unexplained = "; ".join(problems) + "\n" + describe(h, key, seed, done)
    return res


# --- random hands --------------------------------------------------------------------------------

def random_setup(key: str, rng):
    """A structure, stacks (often short) and a button for ``key``."""
    game = POT_DECLARATIONS[key]
    k = int(rng.integers(4))
    if game.is_stud:  # at most 6 players: 7 cards each and the burns always fit one deck (no R-A6)
        n = int(rng.integers(2, 7))
        ante = int(rng.integers(0, 3))
        structure = [big_bet_structure("pot-limit", 0, 2, bring_in=1, ante=min(ante, 1)),
                     big_bet_structure("no-limit", 0, 2, bring_in=1, ante=min(ante, 1)),
                     stud_structure(2, 4, ante=min(ante, 1)),
                     [stud_structure(4, 8, ante=ante), stud_structure(10, 20, ante=ante)][int(rng.integers(2))]][k]
    else:
        n = int(rng.integers(2, game.max_players + 1))
        blinds = [(1, 2), (2, 5)][int(rng.integers(2))]
        if k == 0:
            structure = big_bet_structure("pot-limit", *blinds)
        elif k == 1:
            structure = big_bet_structure("no-limit", *blinds)
        elif key == "big-o":
            structure = [BIG_O_STRUCTURES["$1-$2"], BIG_O_STRUCTURES["$2-$4"], BIG_O_STRUCTURES["$4-$4"],
                         limit_structure(3, 6)][int(rng.integers(4))]
        else:
            lower = int(rng.integers(1, 6))
            structure = limit_structure(lower, 2 * lower)
    top = int(rng.choice([8, 20, 50, 200]))
    stacks = [int(x) for x in rng.integers(1, top + 1, size=n)]
    return structure, stacks, int(rng.integers(n))


def run(key: str, hands: int, seed: int) -> tuple[int, int, Counter, int, int]:
    """Play ``hands`` random hands of ``key``; fail on the first unexplained disagreement."""
    rng = np.random.default_rng([seed, GAMES.index(key)])
    decisions = stopped = showdowns = 0
    classes: Counter = Counter()
    for _ in range(hands):
        structure, stacks, button = random_setup(key, rng)
        res = play(key, structure, stacks, button, int(rng.integers(2**31)), rng=rng)
        assert res.unexplained is None, res.unexplained
        decisions += res.decisions
        classes += res.classes
        stopped += res.stopped
        showdowns += res.showdown
    return hands, decisions, classes, stopped, showdowns


# --- the tests -------------------------------------------------------------------------------------

def test_every_difference_class_names_a_ruling():
    for cls, (ruling, words) in DIFFERENCES.items():
        assert ruling_exists(ruling), (cls, ruling)
        assert words
    assert CONTINUES <= set(DIFFERENCES)


#: Classes each game's default run must meet (so the table cannot go stale unnoticed).
EXPECTED = {
    "badugi": {"last-player-asked", "short-big-blind", "heads-up-equal-blinds", "limit-completion",
               "short-all-in-reopens", "short-all-in-cap"},
    "27-triple-draw": {"last-player-asked", "short-big-blind", "heads-up-equal-blinds", "limit-completion",
                       "short-all-in-reopens", "short-all-in-cap"},
    "stud8": {"last-player-asked", "limit-completion", "short-all-in-reopens", "completion-size",
              "bring-in-stack-complete", "side-pot-low-half", "odd-chip"},
    "big-o": {"last-player-asked", "short-big-blind", "heads-up-equal-blinds", "limit-completion",
              "short-all-in-reopens", "side-pot-low-half", "odd-chip"},
}


@pytest.mark.parametrize("key", GAMES)
def test_betting_agrees_with_pokerkit(key):
    hands, decisions, classes, stopped, showdowns = run(key, HANDS_PER_GAME, SEED)
    print(f"\n{key}: {hands} hands, {decisions} decisions compared, {showdowns} showdowns, "
          f"{stopped} hands stopped early; differences: {dict(classes)}")
    assert decisions >= 9 * hands
    assert showdowns >= hands // 5
    assert stopped <= hands // 10
    assert set(classes) <= set(DIFFERENCES)
    missing = EXPECTED[key] - set(classes)
    assert not missing, f"{key}: no difference of class {sorted(missing)} met in {hands} hands"


@pytest.mark.slow
@pytest.mark.parametrize("key", GAMES)
def test_large_run(key, request):
    if "slow" not in (request.config.getoption("markexpr") or "") or "not slow" in request.config.getoption("markexpr"):
        pytest.skip("a larger run (ten times the default): select it with pytest -m slow")
    hands, decisions, classes, stopped, showdowns = run(key, 10 * HANDS_PER_GAME, SEED + 1)
    print(f"\n{key}: {hands} hands, {decisions} decisions compared; differences: {dict(classes)}")
    assert decisions >= 6 * hands


#: One minimal hand per difference class: (game, structure, stacks, button, deck seed, actions),
#: and where the engines first part: (ours, pokerkit).
REPRODUCTIONS = {
    # Seat 1's big blind puts him all in; after the first draw seat 0 folds although he could
    # check (R-A8), leaving seat 2 alone with chips and facing no bet.
    "last-player-asked": (("badugi", limit_structure(2, 4), [100, 2, 100], 2, 1,
                           ["call", "call", "stand pat", "stand pat", "stand pat", "fold"]),
                          ("seat 1 draw: ", "seat 2 bet: check, fold")),
    # Seat 2's big blind is $1 of $2.
    "short-big-blind": (("badugi", limit_structure(2, 4), [50, 50, 1, 50], 0, 1, []),
                        ("seat 3 bet: call 2, fold, raise 4", "seat 3 bet: call 1, fold, raise 3")),
    "heads-up-equal-blinds": (("big-o", BIG_O_STRUCTURES["$4-$4"], [40, 40], 0, 1, []),
                              ("seat 0 bet: check, fold, raise 8", "seat 1 bet: check, fold, raise 8")),
    # On the flop seat 1 bets $3 all in (the bet is $4): seat 2 may complete it to $4 (ours) or
    # raise to $7; he calls, seat 3 completes to $4 all in, and seat 2 may now raise in ours.
    "limit-completion": (("big-o", BIG_O_STRUCTURES["$4-$4"], [20, 7, 14, 8], 0, 1,
                          ["call", "fold", "check", "check", ("bet", 3), "call", ("complete", 4)]),
                         ("seat 2 bet: call 3, fold, raise 4", "seat 2 bet: call 3, fold, raise 7")),
    # After the first draw seat 1 checks, seat 2 bets $1 all in (the minimum bet is $2), seat 0
    # calls: seat 1 may only call.
    "short-all-in-reopens": (("badugi", big_bet_structure("no-limit", 1, 2), [50, 50, 3], 0, 1,
                              ["call", "call", "check", "stand pat", "stand pat", "stand pat", "check",
                               ("bet", 1), "call"]),
                             ("seat 1 bet: call 1, fold", "seat 1 bet: call 1, fold, raise 3-48")),
    # Seat 3 raises to $10; three short all-ins ($14, $18, $20) add up to more than his $8 raise.
    "short-all-ins-add-up": (("badugi", big_bet_structure("no-limit", 1, 2), [20, 100, 100, 100, 14, 18], 0, 1,
                              [("raise", 10), ("raise", 14), ("raise", 18), ("raise", 20), "fold", "call"]),
                             ("seat 3 bet: call 10, fold, raise 28-100", "seat 3 bet: call 10, fold")),
    # Seat 3 raises all in to $3 (short), then three full raises: ours allows a fourth.
    "short-all-in-cap": (("badugi", limit_structure(2, 4), [50, 50, 50, 3], 0, 1,
                          [("raise", 3), ("raise", 5), ("raise", 7), ("raise", 9)]),
                         ("seat 0 bet: call 4, fold, raise 11", "seat 0 bet: call 4, fold")),
    "completion-size": (("stud8", big_bet_structure("no-limit", 0, 2, bring_in=1), [50, 50, 50], 0, 1,
                         ["bring-in", ("complete", 4)]),
                        ("seat 1 bet: call 4, fold, raise 8-50", "seat 1 bet: call 4, fold, raise 7-50")),
    "bring-in-stack-complete": (("stud8", big_bet_structure("pot-limit", 0, 2, bring_in=1), [1, 1, 1], 0, 1, []),
                                ("seat 2 bet: bring-in 1", "seat 2 bet: bring-in 1, raise 1")),
    "side-pot-low-half": (("stud8", stud_structure(2, 4, ante=1), [9, 3, 14, 7], 3, 1175262354,
                           [("complete", 2), ("raise", 4), "call", ("raise", 6), ("raise", 8), "call", "call"]),
                          ("stacks [0, 6, 9, 18]", "stacks [0, 6, 12, 15]")),
    "odd-chip": (("stud8", big_bet_structure("no-limit", 0, 2, bring_in=1, ante=1), [2, 2, 2, 1, 5], 0, 976807284,
                  ["bring-in", "call", "call", "fold"]),
                 ("stacks [5, 0, 1, 0, 6]", "stacks [4, 0, 1, 0, 7]")),
}


def test_every_difference_class_has_a_reproduction():
    assert set(REPRODUCTIONS) == set(DIFFERENCES)


@pytest.mark.parametrize("cls", sorted(REPRODUCTIONS))
def test_reproduction(cls):
    (key, structure, stacks, button, seed, actions), first = REPRODUCTIONS[cls]
    res = play(key, structure, stacks, button, seed, actions=actions)
    assert res.unexplained is None, res.unexplained
    assert set(res.classes) == {cls}, res.classes
    assert res.first[cls] == first


@pytest.mark.parametrize("n", range(2, 9))
def test_seat_mapping_posts_the_same_blinds(n):
    """Our seat s is pokerkit's player (s - button - 1) % n: both engines post the same blinds
    from the same seats and give the first action to the same seat, heads-up (R-A7) included."""
    for button in range(n):
        h = Hand(POT_DECLARATIONS["badugi"], [50] * n, button=button, seed=1)
        m = Mirror(h)
        assert [m.pk.bets[m.to_pk[s]] for s in range(n)] == h.committed
        assert pk_view(m) == ours_view(h)
        assert m.to_seat[n - 1] == button


def test_r16_worked_example_agrees():
    """R16: blinds $1/$2, the first player calls $2, the pot is $5, so he may raise to $7."""
    h = Hand(POT_DECLARATIONS["badugi"], [100, 100, 100], button=0, structure=big_bet_structure("pot-limit", 1, 2),
             seed=1)
    m = Mirror(h)
    assert ours_view(h) == pk_view(m)
    assert ours_view(h).kinds["raise"] == (4, 7)
