"""What a banked game's chapter shows and quotes, all from the engine: worked hands with their
verdict in a dealer's words, tables of hands with the engine's answer, and the figures the prose
pastes with glue (``{glue:text}`key```). A chapter is then prose and one-line calls.

A worked hand's verdict is read from the declaration and the engine's showdown and settlement:
the player folds (before the card a round names, or before the dealer's hand is shown), the
dealer does not qualify, a tie, or who beats whom and why (a higher category, or the same
category with better cards); in a game with no dealer hand, what the player's hand makes and
what the main game does. So the text above a worked hand cannot contradict it.

>>> e = worked_example_of("three-card-6bonus", {"ante": 5, "play": 5}, player="Kh 8d 4c", dealer="Ks 8c 4d")
>>> e.title, e.text  # doctest: +NORMALIZE_WHITESPACE
('A tie', 'The player and the dealer both hold king-eight high (K-8-4). Ante pushes and Play pushes.
Net for the hand: $0.')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from ... import rankings
from ...analysis.banked.common import BankedAnalysis
from ...analysis.banked.rules import wager_roles
from ...cards import format_cards, parse_cards
from ...combinatorics import combinations_array
from ...engine.banked import BankedGameEngine, WagerResult
from ...errors import GameError
from ...games.banked import BankedGame, Decide, Reveal, dealer_qualifying_value, minimum_value, system_of
from ...rankings.core import expanded_ranks, ranks_text
from ..cards import hand_html
from ..explorer import compare
from ..figures import display_html, glue_figures, in_words, money, number
from .common import banked_game_of
from .figures import example_html

#: How a chapter's worked hands say what a hand other than the player's and the dealer's makes,
#: by game and judged hand: ``{hand}`` is the engine's words, ``{a_hand}`` the same with its
#: article. A hand not listed: "The six cards make ..." (its number of cards).
SIDE_HAND_WORDS: dict[str, dict[str, str]] = {
    "nh-holdem": {
        "community (Pair Plus)": "The community cards alone make {a_hand} for Pair Plus.",
        "six card bonus": "The hole cards and the bonus board make {a_hand} for the 6 Card Bonus.",
    },
}

#: Hands a dealer names with "a": "a pair", "a straight, ten high", "a full house".
_WITH_A = ("pair", "straight", "flush", "full house", "royal flush")


# ---- words ------------------------------------------------------------------------------------
def either(items: Iterable[str]) -> str:
    """Items as prose offers them: "a, b or c".

    >>> either(["$2", "$4", "$5"]), either(["1x"])
    ('$2, $4 or $5', '1x')
    """
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def with_article(words: str) -> str:
    """A category or a hand in words with the article a dealer gives it.

    >>> with_article("pair"), with_article("straight, five high"), with_article("three of a kind")
    ('a pair', 'a straight, five high', 'three of a kind')
    >>> with_article("two pair"), with_article("ace-king high")
    ('two pair', 'ace-king high')
    """
    return f"a {words}" if words.startswith(_WITH_A) else words


def result_words(r: WagerResult) -> str:
    """One wager's result as a dealer says it.

    >>> result_words(WagerResult("ante", "Ante", 5, -5, "")), result_words(WagerResult("play", "Play", 5, 0, ""))
    ('Ante loses $5', 'Play pushes')
    """
    if r.result > 0:
        return f"{r.name} wins {money(r.result)}"
    return f"{r.name} pushes" if r.result == 0 else f"{r.name} loses {money(-r.result)}"


def net_words(total: int) -> str:
    """A hand's net result: "+$15", "-$10", "$0".

    >>> net_words(15), net_words(-10), net_words(0)
    ('+$15', '-$10', '$0')
    """
    return f"+{money(total)}" if total > 0 else (f"-{money(-total)}" if total < 0 else "$0")


def _and(parts: Sequence[str]) -> str:
    return (", ".join(parts[:-1]) + " and " if len(parts) > 1 else "") + parts[-1]


# ---- worked hands -------------------------------------------------------------------------------
@dataclass(frozen=True)
class WorkedExample:
    """A worked hand: its headline, its verdict in words and its picture with the settlement."""

    title: str
    text: str
    html: str


def worked_example_of(game_key: str | BankedGameEngine, wagers: Mapping[str, int], **cards: str) -> WorkedExample:
    """A worked hand of ``game_key``: the headline and verdict written from the declaration, the
    showdown and ``settle`` (see the module docstring), and the hand pictured with its settlement.

    >>> e = worked_example_of("nh-holdem", {"ante": 5, "flop": 5, "turn": 0, "river": 0}, hole="9h 4c",
    ...                       community="2d 2s Kh")
    >>> e.title, e.text  # doctest: +NORMALIZE_WHITESPACE
    ('A fold before the turn card', 'The player folds before the turn card. Ante loses $5 and Flop bet loses $5.
    Net for the hand: -$10.')
    """
    game = banked_game_of(game_key)
    decl = game.declaration
    s = game.settle(wagers, **cards)
    folded = next((d for d in decl.decisions if not wagers.get(d.wager)), None)
    dealer = decl.qualifier.hand if decl.qualifier is not None else None
    before = _named_card_after(decl.rounds, folded) if folded is not None else ""
    if folded is not None and (before or dealer is None):
        title, text = f"A fold before {before}", f"The player folds before {before}."
    elif dealer is None:  # no dealer hand: the player's hand against the pay table
        hand = s.hands[decl.main_hand]
        main = set(wager_roles(decl).main)
        result = sum(r.result for r in s.results if r.wager in main)
        verdict = "wins" if result > 0 else ("pushes" if result == 0 else "loses")
        title = f"{hand.split(' (')[0].capitalize()}: the main game {verdict}"
        text = f"The player's {in_words(_size(decl, decl.main_hand))} cards make {with_article(hand)}."
    else:
        player, house = (_cards_of(decl, h, cards) for h in (decl.main_hand, dealer))
        title, text = _against_dealer(game, folded is not None, player, house)
    words = SIDE_HAND_WORDS.get(decl.key, {})
    for h in decl.hands:
        if h.key in s.hands and h.key not in (decl.main_hand, dealer):
            sentence = words.get(h.key, f"The {in_words(_size(decl, h.key))} cards make {{hand}}.")
            text += " " + sentence.format(hand=s.hands[h.key], a_hand=with_article(s.hands[h.key]))
    text += " " + _and([result_words(r) for r in s.results]) + "."
    if s.cap_reduction:
        title = "The payout cap"
        text += f" The payout cap holds back {money(s.cap_reduction)}: {s.cap_reason}."
    text += f" Net for the hand: {net_words(s.total)}."
    return WorkedExample(title, text, example_html(game, wagers, **cards))


def _against_dealer(game: BankedGameEngine, folded: bool, player: str, dealer: str) -> tuple[str, str]:
    """The headline and verdict of a hand against the dealer: the player folds, the dealer does not
    qualify, a tie, or who beats whom and why (the engine's showdown of the two hands)."""
    decl = game.declaration
    c = compare(decl.system, [player, dealer])
    you, house = c.hands
    if folded:
        return "The player folds", f"The player folds {you.description}."
    if house.value < dealer_qualifying_value(decl):
        assert decl.qualifier is not None
        return ("The dealer does not qualify",
                f"The dealer needs {decl.qualifier.words} and has only {house.description}.")
    if len(c.winners) == 2:
        return "A tie", f"The player and the dealer both hold {you.description}."
    player_wins = c.winners == (0,)
    title = "The player beats a qualifying dealer" if player_wins else "The dealer's hand is higher"
    (w, w_name), (lo, lo_name) = ((you, "player"), (house, "dealer"))[:: 1 if player_wins else -1]
    why = f": {with_article(w.category)} beats {with_article(lo.category)}" if w.category != lo.category else ""
    return title, f"The {w_name}'s {w.description} beats the {lo_name}'s {lo.description}{why}."


def _size(decl: BankedGame, hand: str) -> int:
    """How many cards a judged hand is made of."""
    return sum(decl.deal[g] for g in decl.hand(hand).cards)


def _cards_of(decl: BankedGame, hand: str, cards: Mapping[str, str]) -> str:
    """The cards of a judged hand, from the dealt groups given."""
    return " ".join(cards[g] for g in decl.hand(hand).cards)


def _named_card_after(rounds: Sequence[Reveal | Decide], decision: Decide) -> str:
    """The cards a decision comes before, when the round names them (``"the flop card"``)."""
    after = rounds[rounds.index(decision) + 1:]
    shown = next((s for s in after if isinstance(s, Reveal)), None)
    return shown.name if shown is not None else ""


def worked_example(key: str, game_key: str | BankedGameEngine, wagers: Mapping[str, int], **cards: str) -> None:
    """Glue a worked hand's verdict (``key``) and headline (``key-title``) for the text above it,
    then show the hand (in a notebook; elsewhere nothing is shown): :func:`worked_example_of`."""
    e = worked_example_of(game_key, wagers, **cards)
    glue_figures("", {key: e.text, f"{key}-title": e.title})
    display_html(e.html)


# ---- tables of hands with the engine's answer ---------------------------------------------------
def hands_table_html(game_key: str | BankedGameEngine, hands: Sequence[str], verdict: Callable[[str], str],
                     heading: str) -> str:
    """The player's hands pictured (the cards that play raised), in words, with ``verdict`` of
    each (HTML) under ``heading``.

    >>> "qualifies" in qualifier_table_html("crazy4", ["Kc 6d 4h 3s 2c"])
    True
    """
    game = banked_game_of(game_key)
    decl = game.declaration
    n_cards = _size(decl, decl.main_hand)
    plays = system_of(decl.system).size
    td = "style='padding:4px 8px;'"
    rows = []
    for text in hands:
        cards = parse_cards(text)
        best = set(rankings.best_hand(decl.system, cards))
        rows.append(f"<tr><td {td}>{hand_html(cards, highlight=best)}</td>"
                    f"<td {td}>{html.escape(game.describe(game.hand_value(cards)))}</td>"
                    f"<td {td}>{verdict(text)}</td></tr>")
    cards_head = (f"{in_words(n_cards)} cards (the {in_words(plays)} that play raised)" if plays < n_cards
                  else f"{in_words(n_cards)} cards")
    best_head = f"best {in_words(plays)}" if plays < n_cards else "hand"
    head = f"<tr><th {td}>{cards_head}</th><th {td}>{best_head}</th><th {td}>{heading}</th></tr>"
    return f"<table style='border-collapse:collapse;'>{head}{''.join(rows)}</table>"


def qualifier_table_html(game_key: str | BankedGameEngine, hands: Sequence[str]) -> str:
    """Dealer's hands with the engine's answer: does each qualify?"""
    game = banked_game_of(game_key)
    q = dealer_qualifying_value(game.declaration)

    def qualifies(text: str) -> str:
        return "<b>qualifies</b>" if game.hand_value(text) >= q else "does not qualify"

    return hands_table_html(game, hands, qualifies, "the dealer")


def multiple_table_html(game_key: str | BankedGameEngine, hands: Sequence[str], multiple: int, dealer: str,
                        unit: int = 5) -> str:
    """Player's hands with the engine's answer to a decision bet at ``multiple`` times the unit
    (``unit`` dollars on the wagers the round needs), against ``dealer``'s cards: allowed, or
    refused with the engine's reason.

    >>> "refused" in multiple_table_html("crazy4", ["Kh Kd 9s 4c 2d"], 3, dealer="Tc 8h 7d 5h 4c")
    True
    """
    game = banked_game_of(game_key)
    decl = game.declaration
    play = decl.wager(wager_roles(decl).decision)
    needed = {w.key: unit for w in decl.wagers if not w.decision and (w.required or w.key == play.equal_to)}
    wagers = {**needed, play.key: multiple * unit}

    assert decl.qualifier is not None, f"{decl.title} has no dealer"
    player_cards, dealer_cards = decl.hand(decl.main_hand).cards[0], decl.hand(decl.qualifier.hand).cards[0]

    def allowed(text: str) -> str:
        try:
            game.settle(wagers, **{player_cards: text, dealer_cards: dealer})
        except GameError as err:
            return f"refused: {html.escape(str(err))}"
        return f"<b>{multiple}x allowed</b>"

    return hands_table_html(game, hands, allowed, f"a {multiple}x {play.name}")


def pay_line_table_html(game_key: str | BankedGameEngine, table: str, hands: Sequence[str]) -> str:
    """Hands pictured with the engine's answer for one pay table: what each makes in the ranking
    the table's hand is judged in, and the line of the table that pays it (or that nothing does).

    >>> page = pay_line_table_html("three-card-6bonus", "pair_plus", ["As Ks Qs", "Kc Ad 2h"])
    >>> "mini royal (A-K-Q suited)</b>: pays 75 to 1" in page, "ace-king high (A-K-2)" in page
    (True, True)
    """
    from ...engine.banked import pays_text

    game = banked_game_of(game_key)
    pay_table = game.declaration.pay_table(table)
    system = game.declaration.table_system(pay_table)
    td = "style='padding:4px 8px;'"
    rows = []
    for text in hands:
        cards = parse_cards(text)
        value = game.hand_value(cards, system)
        hit = game.pay_line(table, value)
        paid = (f"<b>{html.escape(hit[1])}</b>: pays {html.escape(pays_text(hit[0]))}" if hit is not None
                else "no line pays it")
        rows.append(f"<tr><td {td}>{hand_html(cards)}</td><td {td}>{html.escape(game.describe(value, system))}</td>"
                    f"<td {td}>{paid}</td></tr>")
    head = (f"<tr><th {td}>{in_words(len(parse_cards(hands[0]))) if hands else ''} cards</th><th {td}>hand</th>"
            f"<th {td}>{html.escape(pay_table.name)}</th></tr>")
    return f"<table style='border-collapse:collapse;'>{head}{''.join(rows)}</table>"


# ---- figures the prose pastes ---------------------------------------------------------------------
def lowest_qualifier(game_key: str | BankedGameEngine) -> tuple[int, str]:
    """The weakest hand a dealer can qualify with, over every hand the dealer can be dealt (a
    best-four-of-five game cannot hold its qualifier's four cards alone), and the ranks of the
    first such hand dealt, highest first ("K-6-4-3-2").

    >>> g = banked_game_of("crazy4"); v, ranks = lowest_qualifier(g); g.describe(v), ranks
    ('king-six high (K-6-4-3)', 'K-6-4-3-2')
    """
    decl = banked_game_of(game_key).declaration
    assert decl.qualifier is not None, f"{decl.title} has no dealer's qualifier"
    hands = combinations_array(52, _size(decl, decl.qualifier.hand))
    values = system_of(decl.hand(decl.qualifier.hand).system).evaluate_array(hands)
    lowest = int(values[values >= dealer_qualifying_value(decl)].min())
    first = format_cards(list(hands[values == lowest][0])).split()
    return lowest, "-".join(card[0] for card in reversed(first))


def dealt_hands(game_key: str | BankedGameEngine) -> int:
    """How many different hands the player can be dealt.

    >>> dealt_hands("three-card-6bonus")
    22100
    """
    decl = banked_game_of(game_key).declaration
    return comb(52, _size(decl, decl.main_hand))


def straight_ranks(game_key: str | BankedGameEngine, table: str | None = None) -> tuple[str, str]:
    """The ranks of the lowest and the highest straight of the game's ranking (or of the ranking
    pay table ``table`` is judged in), as a dealer reads them.

    >>> straight_ranks("three-card-6bonus"), straight_ranks("nh-holdem", "pair_plus")
    (('3-2-A', 'A-K-Q'), ('3-2-A', 'A-K-Q'))
    """
    decl = banked_game_of(game_key).declaration
    system = system_of(decl.table_system(decl.pay_table(table)) if table else decl.system)
    straights = [v for v in range(1, system.n_classes + 1) if system.hand_class(v).category == "straight"]
    low, high = (ranks_text(expanded_ranks(system.hand_class(v), system)) for v in (min(straights), max(straights)))
    return low, high


def multiple_minimum(game_key: str | BankedGameEngine, multiple: int) -> str:
    """The weakest hand allowed a decision bet of ``multiple`` times its unit, in words, without its
    ranks ("a pair of aces or better" is its rule).

    >>> multiple_minimum("crazy4", 3)
    'pair of aces'
    """
    game = banked_game_of(game_key)
    decl = game.declaration
    need = next(n for n in decl.wager(wager_roles(decl).decision).needs if n.multiple == multiple)
    return game.describe(minimum_value(decl, need)).split(" (")[0]


def outcome_count(analysis: BankedAnalysis, wager: str, outcome: str) -> str:
    """The number of deals (combinations) of one row of a wager's outcome table, as prose writes it.

    >>> from gamelib.widgets.banked.common import analysis_of
    >>> outcome_count(analysis_of(banked_game_of("three-card-6bonus")), "pair_plus", "pair")
    '3,744'
    """
    table = analysis.tables[wager]
    return number(dict(zip(table["outcome"], table["combinations"], strict=True))[outcome])


def fold_values(analysis: BankedAnalysis) -> str:
    """What folding is worth (units of the unit wager), every value it takes, joined with "or".

    >>> from gamelib.widgets.banked.common import analysis_of
    >>> fold_values(analysis_of(banked_game_of("crazy4")))
    '-2'
    """
    s = analysis.strategy
    values = sorted({Fraction(int(e), s.ev_denominator) for e in s.ev[:, 0]})
    return " or ".join(str(v) for v in values)


def caps_text(game_key: str | BankedGameEngine) -> str:
    """The payout caps in words, one per cap: "$1,000 with a $2 Ante; ...".

    >>> caps_text("nh-holdem")
    '$1,000 with a $2 Ante; $2,000 with a $4 Ante; $5,000 with a $5 or $10 Ante'
    """
    decl = banked_game_of(game_key).declaration
    by_cap: dict[int, list[str]] = {}
    for amount, cap in sorted(decl.caps.items()):
        by_cap.setdefault(cap, []).append(money(amount))
    name = decl.wager(decl.cap_on).name
    return "; ".join(f"{money(cap)} with a {either(amounts)} {name}" for cap, amounts in by_cap.items())


def ordered_deal_counts(game_key: str | BankedGameEngine) -> tuple[int, list[int]]:
    """How a game of street bets is dealt in order: the sets of cards seen at the first decision,
    and, for each card shown after it up to the last decision's, how many cards it is drawn from.

    >>> ordered_deal_counts("nh-holdem")
    (1326, [50, 49, 48])
    """
    decl = banked_game_of(game_key).declaration
    first, last = decl.decisions[0], decl.decisions[-1]
    seen = sum(decl.deal[g] for g in first.seen)
    left, after = 52 - seen, list[int]()
    steps = decl.rounds[decl.rounds.index(first) + 1:]
    for step in steps:
        if isinstance(step, Reveal):
            for _ in range(step.first, step.last):
                after.append(left - len(after))
            if steps.index(step) > steps.index(last):
                break
    return comb(52, seen), after


def tie_rule_figures(game_key: str | BankedGameEngine) -> dict[str, str]:
    """A game of street bets: its strategy's decision points and bets of 2x, and what the tie rule
    (R23: of exactly equal choices, the one that risks less) changes against taking the larger
    wager (``nh_tie_effect``): the chapter's figures, by name.

    >>> f = tie_rule_figures("nh-holdem"); f["tie-share"], f["played"] < f["played-larger"]
    ('10.6%', True)
    """
    from ...analysis.banked.nh import nh_tie_effect
    from .common import analysis_of

    game = banked_game_of(game_key)
    s = analysis_of(game).strategy
    pairs, after = ordered_deal_counts(game)
    deals = pairs * int(np.prod(after))
    decisions = [s.flop.ravel(), s.turn.ravel(), s.river.ravel()]
    e = nh_tie_effect(game.declaration)
    wagered, eor, played = e["average wagered"], e["element of risk"], e["deals played to the end"]
    return {
        "decision-points": number(sum(d.size for d in decisions)),
        "2x": number(sum(int((d == 2).sum()) for d in decisions)),
        "tie-points": number(e["decision points"]),
        "tie-fold": number(e["fold or bet"]),
        "tie-deals": number(e["deals affected"]),
        "tie-share": f"{e['deals affected'] / deals:.1%}",
        "wager-larger": f"{float(wagered['larger wager']):.4f}",
        "eor-larger": f"{float(eor['larger wager']):.3%}",
        "played": f"{played['R23'] / deals:.1%}",
        "played-larger": f"{played['larger wager'] / deals:.1%}",
    }


__all__ = ["SIDE_HAND_WORDS", "either", "with_article", "result_words", "net_words", "WorkedExample",
           "worked_example_of", "worked_example", "hands_table_html", "qualifier_table_html", "multiple_table_html",
           "pay_line_table_html", "lowest_qualifier", "dealt_hands", "straight_ranks", "multiple_minimum",
           "outcome_count", "fold_values",
           "caps_text", "ordered_deal_counts", "tie_rule_figures"]
