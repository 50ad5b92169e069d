"""The banked-game settler: cards + wagers + the player's decisions -> dollars, with reasons.

``banked_game(key)`` returns a :class:`BankedGame` for ``crazy4``, ``three-card-6bonus`` or
``nh-holdem`` (declared in :mod:`gamelib.games.banked`). ``game.settle(...)`` checks every wager
against the declaration (RULINGS R19-R22: out-of-range, unequal or not-allowed wagers are
refused with a :class:`~gamelib.errors.WagerError`, never corrected) and returns a
:class:`Settlement`: one :class:`WagerResult` per wager with the dollar result and the reason in
words, plus the payout cap applied (R21, B3). Non-whole-dollar payouts are rounded down (B1).

The exact analysis and the strategy are one layer down: ``analyze(game)`` and ``strategy(game)``
in :mod:`gamelib.analysis.banked`. The values read off a declaration (the dealer's qualifier, the
3x minimum, which pay-table row a hand hits) are in :mod:`gamelib.games.banked`.

>>> g = banked_game("crazy4")
>>> s = g.settle(player="As Ad Kc 7h 2s", dealer="Qs Jd 8c 5h 3d", wagers={"ante": 5, "super_bonus": 5, "play": 15})
>>> s.total, s.results[0].reason
(15, 'dealer does not qualify (queen-jack high (Q-J-8-5)): Ante pushes')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Mapping

import numpy as np

from ..cards import CardsLike, parse_cards, refuse_shared_cards
from ..errors import GameError, IllegalActionError, WagerError, shown
from ..games.banked import DECLARATIONS, BankedDeclaration, pay_rows, qualifier_value, system_of, three_x_value


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
        raise GameError(f"no wager {shown(wager)} in this settlement; wagers: {', '.join(r.wager for r in self.results)}")

    def __str__(self) -> str:
        out = [f"{k}: {v}" for k, v in self.hands.items()]
        for r in self.results:
            sign = f"+${r.result}" if r.result > 0 else (f"-${-r.result}" if r.result < 0 else "$0")
            out.append(f"{r.name} ${r.amount}: {sign} -- {r.reason}")
        if self.cap_reduction:
            out.append(f"payout cap: -${self.cap_reduction} -- {self.cap_reason}")
        out.append(f"total: {self.total:+d}")
        return "\n".join(out)


def _dollars(key: str, name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise WagerError(f"the {name} wager must be a whole number of dollars, not {shown(value)}")
    if value < 0:
        raise WagerError(f"the {name} wager cannot be negative ({shown(value)})")
    if value > 10**12:
        raise WagerError(f"the {name} wager of {shown(int(value))} dollars is beyond any table limit")
    return int(value)


def _cards(decl: BankedDeclaration, given: Mapping[str, CardsLike | None], need: Mapping[str, bool]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for who, n in decl.hands.items():
        cards = given.get(who)
        if cards is None:
            if need.get(who, True):
                raise GameError(f"the {who} cards are needed to settle this hand ({n} cards)")
            continue
        out[who] = parse_cards(cards, n=n, what=f"{who} hand")
        refuse_shared_cards(out.items(), "card '{card}' is in both the {first} and the {second} cards")
    return out


class BankedGame:
    """A banked game: its declaration, settlement, and (on demand) exact analysis and strategy.

    >>> banked_game("nh-holdem").title
    "New Hampshire Hold'em"
    """

    def __init__(self, declaration: BankedDeclaration) -> None:
        self.declaration = declaration
        self.key = declaration.key
        self.title = declaration.title

    def __repr__(self) -> str:
        return f"<BankedGame {self.key}: {self.title}>"

    # ---- pay tables -------------------------------------------------------------------------
    def with_pay_table(self, wager: str, pays: Mapping[str, Any]) -> "BankedGame":
        """The same game with one pay table changed (rows named by outcome, pays to 1).

        >>> g = banked_game("three-card-6bonus").with_pay_table("pair_plus", {"flush": 4})
        >>> g.declaration.pay_table("pair_plus").pays_for("flush")
        Fraction(4, 1)
        """
        decl = self.declaration
        new = decl.pay_table(wager).with_pays(pays)
        tables = tuple(new if t.wager == wager else t for t in decl.pay_tables)
        return BankedGame(dataclasses.replace(decl, pay_tables=tables))

    # ---- wager checks -----------------------------------------------------------------------
    def check_wagers(self, wagers: Mapping[str, Any]) -> dict[str, int]:
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
            raise WagerError(f"{decl.title} has no wager {', '.join(shown(u, 20) for u in unknown[:3])}; its wagers are: "
                             + ", ".join(w.key for w in decl.wagers))
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

    # ---- settlement -------------------------------------------------------------------------
    def settle(self, wagers: Mapping[str, Any], **cards: CardsLike | None) -> Settlement:
        """Settle one hand: the cards (by hand name), the wagers (dollars) and, through the
        decision wagers (Play, street bets; 0 or absent = fold), the player's decisions.

        >>> s = banked_game("three-card-6bonus").settle(player="Qh Jh Th", dealer="2c 5d 9s", wagers={"ante": 5, "play": 5})
        >>> [r.result for r in s.results]
        [5, 0, 20]
        """
        unknown = sorted(set(cards) - set(self.declaration.hands))
        if unknown:
            raise GameError(f"{self.title} has no {', '.join(unknown)} cards; its hands are: "
                            + ", ".join(self.declaration.hands))
        amounts = self.check_wagers(wagers)
        return {"crazy4": _settle_crazy4, "three-card-6bonus": _settle_three_card, "nh-holdem": _settle_nh}[self.key](
            self, amounts, cards)

    def hand_value(self, cards: CardsLike, system: str | None = None) -> int:
        """The value of a hand in the game's ranking system (or ``system``).

        >>> g = banked_game("crazy4"); g.hand_value("As Ad Ac Ah 2c") == system_of("crazy4").n_classes
        True
        """
        ps = system_of(system or self.declaration.system)
        arr = np.array([parse_cards(cards)], dtype=np.intp)
        return int(ps.evaluate_array(arr)[0])

    def describe(self, value: int, system: str | None = None) -> str:
        """A value in a dealer's words."""
        return system_of(system or self.declaration.system).describe(value)

    def _table_line(self, wager: str, value: int) -> tuple[Fraction, str] | None:
        table = self.declaration.pay_table(wager)
        row = int(pay_rows(table)[value])
        if row < 0:
            return None
        line = table.lines[row]
        return line.pays, line.outcome


@lru_cache(maxsize=None)
def banked_game(key: str) -> BankedGame:
    """The banked game declared under ``key`` (``crazy4``, ``three-card-6bonus``, ``nh-holdem``).

    >>> banked_game("crazy4").declaration.qualifier.words
    'king high or better'
    """
    if key not in DECLARATIONS:
        raise GameError(f"unknown banked game {shown(key)}; the banked games are: {', '.join(DECLARATIONS)}")
    return BankedGame(DECLARATIONS[key])


# ---- per-game settlement ---------------------------------------------------------------------
def _bonus_line(game: BankedGame, wager: str, amount: int, value: int, label: str, lose_reason: str) -> WagerResult:
    name = game.declaration.wager(wager).name
    hit = game._table_line(wager, value)
    if hit is None:
        return WagerResult(wager, name, amount, -amount, f"{label}: {lose_reason}")
    pays, outcome = hit
    paid, note = pay_amount(amount, pays)
    return WagerResult(wager, name, amount, paid, f"{label}: {outcome} pays {pays_text(pays)}{note}")


def _against_qualified_dealer(pv: int, dv: int, ante: int, play: int, play_name: str) -> list[WagerResult]:
    """Ante and Play against a dealer who qualifies: both win 1 to 1, push on a tie, or lose.

    Crazy 4 Poker and Three Card Poker settle this part alike; they differ only when the dealer
    does not qualify, which each game's settler handles itself.

    >>> [r.result for r in _against_qualified_dealer(5, 3, 10, 30, "Play (3x)")]
    [10, 30]
    """
    if pv > dv:
        how, sign, verb = "player beats the dealer", 1, "wins 1 to 1"
    elif pv == dv:
        how, sign, verb = "player ties the dealer", 0, "pushes"
    else:
        how, sign, verb = "dealer beats the player", -1, "loses"
    return [
        WagerResult("ante", "Ante", ante, sign * ante, f"{how}: Ante {verb}"),
        WagerResult("play", play_name, play, sign * play, f"{how}: Play {verb}"),
    ]


def _settle_crazy4(game: BankedGame, w: dict[str, int], given: Mapping[str, Any]) -> Settlement:
    decl = game.declaration
    cards = _cards(decl, given, {})
    pv = game.hand_value(cards["player"])
    dv = game.hand_value(cards["dealer"])
    ante, play = w["ante"], w["play"]
    hands = {"player": game.describe(pv), "dealer": game.describe(dv)}
    if play == 3 * ante and pv < three_x_value(decl):
        raise IllegalActionError(
            f"a 3x Play (${play}) needs a pair of aces or better; the player has {hands['player']}: "
            f"play 1x (${ante}) or fold (R19)")
    qualifies = dv >= qualifier_value(decl)
    out: list[WagerResult] = []
    if play == 0:
        out.append(WagerResult("ante", "Ante", ante, -ante, "player folds: Ante loses"))
        out.append(WagerResult("super_bonus", "Super Bonus", w["super_bonus"], -w["super_bonus"],
                               "player folds: Super Bonus loses (R19, B5)"))
    else:
        k = play // ante
        if not qualifies:
            out.append(WagerResult("ante", "Ante", ante, 0, f"dealer does not qualify ({hands['dealer']}): Ante pushes"))
            out.append(WagerResult("play", f"Play ({k}x)", play, play,
                                   "dealer does not qualify: Play wins 1 to 1"))
        else:
            out.extend(_against_qualified_dealer(pv, dv, ante, play, f"Play ({k}x)"))
        sb = w["super_bonus"]
        hit = game._table_line("super_bonus", pv)
        if hit is not None:
            pays, outcome = hit
            paid, note = pay_amount(sb, pays)
            out.append(WagerResult("super_bonus", "Super Bonus", sb, paid,
                                   f"Super Bonus: {outcome} pays {pays_text(pays)}{note}"))
        elif pv >= dv:
            how = "beats" if pv > dv else "ties"
            q = "" if qualifies else " (the dealer does not qualify)"
            out.append(WagerResult("super_bonus", "Super Bonus", sb, 0,
                                   f"less than a straight, player {how} the dealer{q}: Super Bonus pushes (R19)"))
        else:
            out.append(WagerResult("super_bonus", "Super Bonus", sb, -sb,
                                   "less than a straight and the dealer's hand is higher: Super Bonus loses (R19)"))
    if w["queens_up"]:
        out.append(_bonus_line(game, "queens_up", w["queens_up"], pv, "Queens Up", "less than a pair of queens loses"))
    return Settlement(tuple(out), hands)


def _settle_three_card(game: BankedGame, w: dict[str, int], given: Mapping[str, Any]) -> Settlement:
    decl = game.declaration
    cards = _cards(decl, given, {})
    pv = game.hand_value(cards["player"])
    dv = game.hand_value(cards["dealer"])
    hands = {"player": game.describe(pv), "dealer": game.describe(dv)}
    ante, play = w["ante"], w["play"]
    out: list[WagerResult] = []
    if ante:
        if play == 0:
            out.append(WagerResult("ante", "Ante", ante, -ante, "player folds: Ante loses, no Ante Bonus (R20)"))
        else:
            qualifies = dv >= qualifier_value(decl)
            if not qualifies:
                out.append(WagerResult("ante", "Ante", ante, ante,
                                       f"dealer does not qualify ({hands['dealer']}): Ante wins 1 to 1"))
                out.append(WagerResult("play", "Play", play, 0, "dealer does not qualify: Play pushes"))
            else:
                out.extend(_against_qualified_dealer(pv, dv, ante, play, "Play"))
            hit = game._table_line("ante_bonus", pv)
            if hit is not None:
                pays, outcome = hit
                paid, note = pay_amount(ante, pays)
                out.append(WagerResult("ante_bonus", "Ante Bonus", ante, paid,
                                       f"Ante Bonus: {outcome} pays {pays_text(pays)} on the Ante{note}"))
    elif play:
        raise WagerError("a Play wager needs an Ante: the Play must equal the Ante (R22)")
    if w["pair_plus"]:
        out.append(_bonus_line(game, "pair_plus", w["pair_plus"], pv, "Pair Plus", "less than a pair loses"))
    if w["six_card_bonus"]:
        six = game.hand_value(cards["player"] + cards["dealer"], "high")
        hands["six card bonus"] = game.describe(six, "high")
        out.append(_bonus_line(game, "six_card_bonus", w["six_card_bonus"], six, "6 Card Bonus",
                               "less than three of a kind loses"))
    return Settlement(tuple(out), hands)


STREETS = ("flop", "turn", "river")


def _settle_nh(game: BankedGame, w: dict[str, int], given: Mapping[str, Any]) -> Settlement:
    decl = game.declaration
    cards = _cards(decl, given, {"bonus": w["six_card_bonus"] > 0})
    ante = w["ante"]
    folded_at = next((s for s in STREETS if w[s] == 0), None)
    if folded_at is not None:
        later = [s for s in STREETS[STREETS.index(folded_at) + 1:] if w[s]]
        if later:
            raise IllegalActionError(
                f"the player folded before the {folded_at} card and cannot bet the {later[0]} "
                f"(${w[later[0]]}); a folded hand takes no more bets (R21)")
    hands: dict[str, str] = {}
    out: list[WagerResult] = []
    main = ["ante"] + [s for s in STREETS if w[s]]
    if folded_at is not None:
        names = " and ".join(decl.wager(k).name for k in main)
        for k in main:
            out.append(WagerResult(k, decl.wager(k).name, w[k], -w[k],
                                   f"player folds before the {folded_at} card: {names} {'loses' if len(main) == 1 else 'lose'} (R21)"))
    else:
        v = game.hand_value(cards["hole"] + cards["community"], "high")
        hands["player"] = game.describe(v, "high")
        hit = game._table_line("main", v)
        for k in main:
            nm = decl.wager(k).name
            if hit is None:
                out.append(WagerResult(k, nm, w[k], -w[k], f"{hands['player']} is less than a pair of sixes: {nm} loses"))
            else:
                pays, outcome = hit
                paid, note = pay_amount(w[k], pays)
                out.append(WagerResult(k, nm, w[k], paid, f"{outcome}: {nm} {'pushes' if pays == 0 else 'pays ' + pays_text(pays)}{note}"))
    if w["pair_plus"]:
        pp = game.hand_value(cards["community"], "three-card")
        hands["community (Pair Plus)"] = game.describe(pp, "three-card")
        out.append(_bonus_line(game, "pair_plus", w["pair_plus"], pp, "Pair Plus", "less than a pair loses"))
    if w["six_card_bonus"]:
        six = game.hand_value(cards["hole"] + cards["bonus"], "high")
        hands["six card bonus"] = game.describe(six, "high")
        out.append(_bonus_line(game, "six_card_bonus", w["six_card_bonus"], six, "6 Card Bonus",
                               "less than three of a kind loses"))
    cap = decl.caps[ante]
    won = sum(r.result for r in out if r.result > 0)
    if won > cap:
        reason = (f"payouts of ${won:,} in one hand are limited to ${cap:,} with a ${ante} ante (R21, B3)")
        return Settlement(tuple(out), hands, won - cap, reason)
    return Settlement(tuple(out), hands)
