"""The banked-game settler: cards + wagers + the player's decisions -> dollars, with reasons.

``banked_game(key)`` returns a :class:`BankedGameEngine` for ``crazy4``, ``three-card-6bonus`` or
``nh-holdem`` (declared in :mod:`gamelib.games.banked`), and ``BankedGameEngine(declaration)``
one for any other declaration: nothing here knows a game. ``game.settle(...)`` checks every wager
against the declaration (RULINGS R19-R22: out-of-range, unequal or not-allowed wagers are
refused with a :class:`~gamelib.errors.WagerError`, never corrected) and returns a
:class:`Settlement`: one :class:`WagerResult` per wager with the dollar result and the reason in
words, plus the payout cap applied (R21, B3). Non-whole-dollar payouts are rounded down (B1).
How each wager settles (against the dealer, by its pay table, or by its pay table and else
against the dealer), what a fold loses and what the dealer's failing to qualify does are read
from the declaration.

The exact analysis and the strategy are one layer down: ``analyze(game)`` and ``strategy(game)``
in :mod:`gamelib.analysis.banked`. The values read off a declaration (the dealer's qualifier, the
3x minimum, which pay-table row a hand hits) are in :mod:`gamelib.games.banked`.

>>> g = banked_game("crazy4")
>>> s = g.settle(player="As Ad Kc 7h 2s", dealer="Qs Jd 8c 5h 3d", wagers={"ante": 5, "super_bonus": 5, "play": 15})
>>> s.total, s.results[0].reason
(15, 'dealer does not qualify (queen-jack high (Q-J-8-5)): Ante pushes')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from ..amounts import PayLike, whole_number
from ..cards import CardsLike, parse_cards, refuse_shared_cards
from ..errors import GameError, IllegalActionError, WagerError, shown
from ..games.banked import (
    DECLARATIONS,
    BankedGame,
    Decide,
    PayTable,
    Reveal,
    Wager,
    dealer_qualifying_value,
    minimum_value,
    pay_rows,
    system_of,
)
from ..games.vocabularies import NotQualified, OnFold, Settles


def pays_text(pays: Fraction) -> str:
    """A multiplier as a cardroom says it: ``3 to 2``, ``200 to 1``, ``push``.

    >>> pays_text(Fraction(3, 2)), pays_text(Fraction(200)), pays_text(Fraction(0))
    ('3 to 2', '200 to 1', 'push')
    """
    if pays == 0:
        return "push"
    return f"{pays.numerator} to {pays.denominator}"


def pay_amount(amount: int, pays: Fraction) -> tuple[int, str]:
    """Whole dollars paid on ``amount`` at ``pays`` to 1, rounded down (ruling B1), and a note.

    >>> pay_amount(3, Fraction(3, 2))
    (4, ' ($4.50 rounded down to $4, ruling B1)')
    """
    exact = amount * pays
    paid = exact.numerator // exact.denominator
    note = ""
    if paid != exact:
        note = f" (${float(exact):.2f} rounded down to ${paid}, ruling B1)"
    return paid, note


@dataclass(frozen=True)
class WagerResult:
    """The result of one wager: ``result`` dollars (+ won, 0 push, - lost) and why."""

    wager: str
    name: str
    amount: int
    result: int
    reason: str


@dataclass(frozen=True)
class Settlement:
    """Every wager's result, the hands in words, and the payout cap applied (if any).

    ``total`` is the player's net dollars for the hand, after the cap.
    """

    results: tuple[WagerResult, ...]
    hands: dict[str, str]
    cap_reduction: int = 0
    cap_reason: str = ""

    @property
    def total(self) -> int:
        """Net dollars won (+) or lost (-) on the hand."""
        return sum(r.result for r in self.results) - self.cap_reduction

    def result(self, wager: str) -> WagerResult:
        """The result line of one wager."""
        for r in self.results:
            if r.wager == wager:
                return r
        raise GameError(f"no wager {shown(wager)} in this settlement; "
                        f"wagers: {', '.join(r.wager for r in self.results)}")

    def __str__(self) -> str:
        out = [f"{k}: {v}" for k, v in self.hands.items()]
        for r in self.results:
            sign = f"+${r.result}" if r.result > 0 else (f"-${-r.result}" if r.result < 0 else "$0")
            out.append(f"{r.name} ${r.amount}: {sign} -- {r.reason}")
        if self.cap_reduction:
            out.append(f"payout cap: -${self.cap_reduction} -- {self.cap_reason}")
        out.append(f"total: {self.total:+d}")
        return "\n".join(out)


def _dollars(key: str, name: str, value: object) -> int:  # the wager as given, checked here
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise WagerError(f"the {name} wager must be a whole number of dollars, not {shown(value)}")
    if value < 0:
        raise WagerError(f"the {name} wager cannot be negative ({shown(value)})")
    if value > 10**12:
        raise WagerError(f"the {name} wager of {shown(int(value))} dollars is beyond any table limit")
    return int(value)


def _cards(decl: BankedGame, given: Mapping[str, CardsLike | None], needed: set[str]) -> dict[str, list[int]]:
    """The dealt groups given, parsed and checked (size, duplicates); a needed group missing is refused."""
    out: dict[str, list[int]] = {}
    for who, n in decl.deal.items():
        cards = given.get(who)
        if cards is None:
            if who in needed:
                raise GameError(f"the {who} cards are needed to settle this hand ({n} cards)")
            continue
        out[who] = parse_cards(cards, n=n, what=f"{who} hand")
        refuse_shared_cards(out.items(), "card '{card}' is in both the {first} and the {second} cards")
    return out


class BankedGameEngine:
    """A banked game: its declaration, settlement, and (on demand) exact analysis and strategy.

    >>> banked_game("nh-holdem").title
    "New Hampshire Hold'em"
    """

    def __init__(self, declaration: BankedGame) -> None:
        self.declaration = declaration
        self.key = declaration.key
        self.title = declaration.title

    def __repr__(self) -> str:
        return f"<BankedGameEngine {self.key}: {self.title}>"

    # ---- pay tables -------------------------------------------------------------------------
    def with_pay_table(self, wager: str, pays: Mapping[str, PayLike]) -> BankedGameEngine:
        """The same game with one pay table changed (rows named by outcome, pays to 1).

        >>> g = banked_game("three-card-6bonus").with_pay_table("pair_plus", {"flush": 4})
        >>> g.declaration.pay_table("pair_plus").pays_for("flush")
        Fraction(4, 1)
        """
        return BankedGameEngine(self.declaration.with_pay_table(_named(wager, "the pay table"), pays))

    # ---- wager checks -----------------------------------------------------------------------
    def check_wagers(self, wagers: Mapping[str, object]) -> dict[str, int]:
        """The wagers as whole dollars, refused (WagerError) if any breaks the rules (R19-R22).

        >>> banked_game("crazy4").check_wagers({"ante": 5, "super_bonus": 4})
        Traceback (most recent call last):
        ...
        gamelib.errors.WagerError: the Super Bonus must equal the Ante ($5), not $4 (R22)
        """
        decl = self.declaration
        if not isinstance(wagers, Mapping):
            raise WagerError(f"the wagers are a mapping of wager to whole dollars, such as "
                             f"{{'ante': 5, 'play': 5}}; not {shown(wagers)}")
        known = {w.key for w in decl.wagers}
        unknown = sorted(set(wagers) - known, key=repr)
        if unknown:
            raise WagerError(f"{decl.title} has no wager {', '.join(shown(u, 20) for u in unknown[:3])}; "
                             "its wagers are: " + ", ".join(w.key for w in decl.wagers))
        amounts = {w.key: _dollars(w.key, w.name, wagers.get(w.key, 0)) for w in decl.wagers}
        for w in decl.wagers:
            a = amounts[w.key]
            if w.required and a == 0:
                raise WagerError(f"the {w.name} is required to play ({w.limits_text()})")
            if a == 0:
                continue
            if w.equal_to:
                base = amounts[w.equal_to]
                base_name = decl.wager(w.equal_to).name
                if base == 0:
                    raise WagerError(f"a {w.name} needs an {base_name} to match")
                if a not in [k * base for k in w.multiples]:
                    allowed = " or ".join(f"${k * base}" for k in w.multiples)
                    if w.multiples == (1,):
                        raise WagerError(f"the {w.name} must equal the {base_name} (${base}), not ${a} (R22)")
                    raise WagerError(f"the {w.name} must be {allowed} ({w.limits_text()}, R22), not ${a}")
            elif w.allowed is not None:
                if a not in w.allowed:
                    raise WagerError(f"the {w.name} must be {w.limits_text()}, not ${a}")
            elif not (w.minimum <= a <= w.maximum):  # type: ignore[operator]
                raise WagerError(f"the {w.name} must be between ${w.minimum} and ${w.maximum}, not ${a}")
        if decl.at_least_one_of and not any(amounts[k] for k in decl.at_least_one_of):
            names = ", ".join(decl.wager(k).name for k in decl.at_least_one_of)
            raise WagerError(f"place at least one of: {names}")
        return amounts

    # ---- the decisions -------------------------------------------------------------------------
    def decision_options(self, wager: str, player: CardsLike | None = None) -> tuple[int, ...]:
        """The multiples of its base a decision wager may be (``0`` is a fold); with the player's
        cards, only those the hand is allowed (a 3x Play needs a pair of aces or better).

        >>> g = banked_game("crazy4")
        >>> (g.decision_options("play"), g.decision_options("play", "Ks Kd 9c 7h 2s"),
        ...  g.decision_options("play", "As Ad 9c 7h 2s"))
        ((0, 1, 3), (0, 1), (0, 1, 3))
        """
        w = self.declaration.wager(_named(wager, "the decision wager"))
        if not w.decision:
            raise GameError(f"the {w.name} is not a decision; the decisions are: "
                            + ", ".join(d.wager for d in self.declaration.decisions))
        if player is None:
            return (0, *w.multiples)
        return (0, *_allowed(self.declaration, w, self.hand_value(player)))

    # ---- settlement -------------------------------------------------------------------------
    def settle(self, wagers: Mapping[str, object], **cards: CardsLike | None) -> Settlement:
        """Settle one hand: the cards (by dealt group), the wagers (dollars) and, through the
        decision wagers (Play, street bets; 0 or absent = fold), the player's decisions.

        Every wager is settled as its declaration says (:class:`~gamelib.games.vocabularies.Settles`):
        against the dealer, by its pay table, or by its pay table and else against the dealer.

        >>> s = banked_game("three-card-6bonus").settle(player="Qh Jh Th", dealer="2c 5d 9s",
        ...                                             wagers={"ante": 5, "play": 5})
        >>> [r.result for r in s.results]
        [5, 0, 20]
        """
        decl = self.declaration
        unknown = sorted(set(cards) - set(decl.deal))
        if unknown:
            raise GameError(f"{self.title} has no {', '.join(unknown)} cards; its cards are: " + ", ".join(decl.deal))
        w = self.check_wagers(wagers)
        fold = _fold(decl, w)
        placed = _in_play(decl, w)
        settled = [k for k in placed if not (fold and decl.wager(k).on_fold is OnFold.LOSES)]
        hands_needed = {h for k in placed for h in _hands_of(decl, decl.wager(k))}
        given = _cards(decl, cards, {g for h in hands_needed for g in decl.hand(h).cards})
        value = {h.key: self.hand_value([c for g in h.cards for c in given[g]], h.system)
                 for h in decl.hands if h.key in hands_needed}
        hands = {h.key: self.describe(value[h.key], h.system) for h in decl.hands if h.key in value}
        _check_minimums(self, w, value, hands)
        out: list[WagerResult] = []
        if fold:
            out += _fold_lines(decl, w, fold)
        else:
            out += _against_dealer_lines(decl, w, value, hands)
        for k in settled:
            wager = decl.wager(k)
            if wager.settles is not Settles.AGAINST_DEALER:
                out.append(_pay_table_line(decl, wager, w[k], value))
        cap = self._cap(w, out)
        return Settlement(tuple(out), hands, *cap)

    def _cap(self, w: Mapping[str, int], out: list[WagerResult]) -> tuple[int, str]:
        decl = self.declaration
        if not decl.caps:
            return 0, ""
        base = w[decl.cap_on]
        cap = decl.caps[base]
        won = sum(r.result for r in out if r.result > 0)
        if won <= cap:
            return 0, ""
        name = decl.wager(decl.cap_on).name.lower()
        return won - cap, (f"payouts of ${won:,} in one hand are limited to ${cap:,} with a ${base} {name} "
                           f"({', '.join(decl.cap_rulings)})")

    def hand_value(self, cards: CardsLike, system: str | None = None) -> int:
        """The value of a hand in the game's ranking system (or ``system``).

        >>> g = banked_game("crazy4"); g.hand_value("As Ad Ac Ah 2c") == system_of("crazy4").n_classes
        True
        """
        ps = system_of(self.declaration.system if system is None else system)
        arr = np.array([parse_cards(cards)], dtype=np.intp)
        return int(ps.evaluate_array(arr)[0])

    def describe(self, value: int, system: str | None = None) -> str:
        """A value in a dealer's words."""
        return system_of(self.declaration.system if system is None else system).describe(value)

    def pay_line(self, table: str, value: int) -> tuple[Fraction, str] | None:
        """What pay table ``table`` pays a hand of ``value`` (in its hand's system): the pays
        and the row's name, or ``None`` where no row matches.

        >>> g = banked_game("crazy4"); g.pay_line("super_bonus", g.hand_value("As Ad Ac Ah 2c"))
        (Fraction(200, 1), 'four aces')
        """
        decl = self.declaration
        pay_table = decl.pay_table(_named(table, "the pay table"))
        system = system_of(decl.table_system(pay_table))
        value = whole_number(value, f"a {pay_table.hand} hand's value (from hand_value)", 0,
                             system.n_classes)
        return _table_hit(decl, pay_table, {pay_table.hand: value})


def banked_game(key: str) -> BankedGameEngine:
    """The banked game declared under ``key`` (``crazy4``, ``three-card-6bonus``, ``nh-holdem``).

    >>> banked_game("crazy4").declaration.qualifier.words
    'king high or better'
    """
    if not isinstance(key, str) or key not in DECLARATIONS:
        raise GameError(f"unknown banked game {shown(key)}; the banked games are: {', '.join(DECLARATIONS)}")
    return _banked_game(key)


@cache
def _banked_game(key: str) -> BankedGameEngine:
    return BankedGameEngine(DECLARATIONS[key])


def _named(key: object, what: str) -> str:
    """A wager's or a pay table's key as the caller gave it: text (which text, the declaration says)."""
    if not isinstance(key, str):
        raise GameError(f"{what} is named by its key, such as 'ante' or 'pair_plus', not {shown(key)}")
    return key


# ---- the generic settler's parts ----------------------------------------------------------------
def _fold(decl: BankedGame, w: Mapping[str, int]) -> Decide | None:
    """The decision at which the player folds (a decision wager left at 0 with its base placed),
    refusing a bet at a later decision: a folded hand takes no more bets."""
    folded: Decide | None = None
    for d in decl.decisions:
        wager = decl.wager(d.wager)
        base = w[wager.equal_to] if wager.equal_to else 1
        if folded is None:
            if base and w[d.wager] == 0:
                folded = d
        elif w[d.wager]:
            raise IllegalActionError(
                f"the player folded {_before(decl, folded) or 'at the ' + decl.wager(folded.wager).name} and cannot "
                f"make the {wager.name} (${w[d.wager]}); a folded hand takes no more bets "
                f"({', '.join(decl.fold_rulings)})")
    return folded


def _before(decl: BankedGame, decision: Decide) -> str:
    """``"before the flop card"``: the named cards a decision comes before, if the game names them."""
    after = decl.rounds[decl.rounds.index(decision) + 1:]
    nxt = next((s for s in after if isinstance(s, Reveal)), None)
    return f"before {nxt.name}" if nxt is not None and nxt.name else ""


def _in_play(decl: BankedGame, w: Mapping[str, int]) -> list[str]:
    """The placed wagers in the order a settlement lists them: the main game's wagers (those a
    fold loses) first, then the side bets, each in the declaration's order."""
    placed = [x for x in decl.wagers if w[x.key]]
    return [x.key for x in placed if x.on_fold is OnFold.LOSES] + [x.key for x in placed if x.on_fold is OnFold.STANDS]


def _hands_of(decl: BankedGame, wager: Wager) -> tuple[str, ...]:
    """The judged hands a wager's settlement reads."""
    hands: tuple[str, ...]
    if wager.settles is Settles.BY_PAY_TABLE:
        hands = (decl.pay_table(wager.pay_table_key).hand,)
    elif wager.settles is Settles.AGAINST_DEALER:
        hands = (decl.main_hand,)
    else:
        hands = (decl.pay_table(wager.pay_table_key).hand, decl.main_hand)
    if wager.settles is not Settles.BY_PAY_TABLE and decl.qualifier is not None:
        hands += (decl.qualifier.hand,)
    if wager.bonus is not None:
        hands += (decl.pay_table(wager.bonus).hand,)
    return hands


def _allowed(decl: BankedGame, wager: Wager, player_value: int) -> tuple[int, ...]:
    """The multiples of a decision wager a player's hand of ``player_value`` may bet: each one
    whose weakest hand (``wager.needs``) it reaches (R19: a 3x Play needs a pair of aces)."""
    barred = {n.multiple for n in wager.needs if player_value < minimum_value(decl, n)}
    return tuple(m for m in wager.multiples if m not in barred)


def _check_minimums(game: BankedGameEngine, w: Mapping[str, int], value: Mapping[str, int],
                    hands: Mapping[str, str]) -> None:
    """Refuse a decision bet at a multiple the player's hand is not allowed (R19: 3x needs aces)."""
    decl = game.declaration
    for d in decl.decisions:
        wager = decl.wager(d.wager)
        base = w[wager.equal_to] if wager.equal_to else 0
        if not (base and wager.needs):
            continue
        allowed = _allowed(decl, wager, value[decl.main_hand])
        for n in wager.needs:
            if w[wager.key] == n.multiple * base and n.multiple not in allowed:
                others = " or ".join(f"{m}x (${m * base})" for m in allowed)
                raise IllegalActionError(
                    f"a {n.multiple}x {wager.name} (${w[wager.key]}) needs {n.words}; the player has "
                    f"{hands[decl.main_hand]}: {wager.name.lower()} {others} or fold ({n.ruling})")


def _name(wager: Wager, amount: int, w: Mapping[str, int]) -> str:
    """A wager's name on its result line; a decision of several multiples says which: ``Play (3x)``."""
    if wager.decision and len(wager.multiples) > 1 and wager.equal_to and w[wager.equal_to]:
        return f"{wager.name} ({amount // w[wager.equal_to]}x)"
    return wager.name


def _fold_lines(decl: BankedGame, w: Mapping[str, int], fold: Decide) -> list[WagerResult]:
    """Every wager a fold loses, lost, with one reason naming them all."""
    lost = [decl.wager(k) for k in _in_play(decl, w) if decl.wager(k).on_fold is OnFold.LOSES]
    names = " and ".join(x.name for x in lost)
    verb = "loses" if len(lost) == 1 else "lose"
    bonus = "".join(f", no {decl.pay_table(x.bonus).name}" for x in lost if x.bonus)
    before = _before(decl, fold)
    reason = f"player folds{' ' + before if before else ''}: {names} {verb}{bonus} ({', '.join(decl.fold_rulings)})"
    return [WagerResult(x.key, x.name, w[x.key], -w[x.key], reason) for x in lost]


def _against_dealer_lines(decl: BankedGame, w: Mapping[str, int], value: Mapping[str, int],
                          hands: Mapping[str, str]) -> list[WagerResult]:
    """The wagers settled against the dealer (Ante and Play), then the bonus paid on any of them."""
    keys = [k for k in _in_play(decl, w) if decl.wager(k).settles is Settles.AGAINST_DEALER]
    if not keys:
        return []
    assert decl.qualifier is not None  # the declaration refuses a dealer wager without a qualifier
    dealer = decl.qualifier.hand
    pv, dv = value[decl.main_hand], value[dealer]
    qualifies = dv >= dealer_qualifying_value(decl)
    out = []
    for i, k in enumerate(keys):
        wager, amount = decl.wager(k), w[k]
        verb: str
        if not qualifies:
            verb = str(wager.if_not_qualified)
            sign = 1 if wager.if_not_qualified is NotQualified.WINS else 0
            how = f"dealer does not qualify ({hands[dealer]})" if i == 0 else "dealer does not qualify"
        elif pv > dv:
            how, sign, verb = "player beats the dealer", 1, "wins 1 to 1"
        elif pv == dv:
            how, sign, verb = "player ties the dealer", 0, "pushes"
        else:
            how, sign, verb = "dealer beats the player", -1, "loses"
        out.append(WagerResult(k, _name(wager, amount, w), amount, sign * amount, f"{how}: {wager.name} {verb}"))
    for k in keys:
        wager = decl.wager(k)
        if wager.bonus is None:
            continue
        table = decl.pay_table(wager.bonus)
        hit = _table_hit(decl, table, value)
        if hit is not None:
            pays, outcome = hit
            paid, note = pay_amount(w[k], pays)
            out.append(WagerResult(table.key, table.name, w[k], paid,
                                   f"{table.name}: {outcome} pays {pays_text(pays)} on the {wager.name}{note}"))
    return out


def _table_hit(decl: BankedGame, table: PayTable, value: Mapping[str, int]) -> tuple[Fraction, str] | None:
    row = int(pay_rows(table, decl.table_system(table))[value[table.hand]])
    if row < 0:
        return None
    line = table.lines[row]
    return line.pays, line.outcome


def _pay_table_line(decl: BankedGame, wager: Wager, amount: int, value: Mapping[str, int]) -> WagerResult:
    """A wager settled by its pay table; with no row hit, it loses, or (Super Bonus) it pushes
    when the player's hand beats or ties the dealer's and loses otherwise."""
    table = decl.pay_table(wager.pay_table_key)
    hit = _table_hit(decl, table, value)
    if hit is not None:
        pays, outcome = hit
        if pays == 0:
            return WagerResult(wager.key, wager.name, amount, 0, f"{wager.name}: {outcome} pushes")
        paid, note = pay_amount(amount, pays)
        return WagerResult(wager.key, wager.name, amount, paid, f"{wager.name}: {outcome} pays {pays_text(pays)}{note}")
    less = f"less than {table.lowest_paid()}"
    ruling = f" ({table.ruling})" if table.ruling else ""
    if wager.settles is Settles.BY_PAY_TABLE:
        return WagerResult(wager.key, wager.name, amount, -amount, f"{wager.name}: {less} loses{ruling}")
    assert decl.qualifier is not None  # the declaration refuses a dealer wager without a qualifier
    pv, dv = value[decl.main_hand], value[decl.qualifier.hand]
    if pv >= dv:
        how = "beats" if pv > dv else "ties"
        q = "" if dv >= dealer_qualifying_value(decl) else " (the dealer does not qualify)"
        return WagerResult(wager.key, wager.name, amount, 0,
                           f"{less}, player {how} the dealer{q}: {wager.name} pushes{ruling}")
    return WagerResult(wager.key, wager.name, amount, -amount,
                       f"{less} and the dealer's hand is higher: {wager.name} loses{ruling}")
