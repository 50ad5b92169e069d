"""R-A6 at a full seven-handed stud table where nobody folds: exactly 7 cards are left for
seventh street, one short of a burn and a card for each of the seven players, so the dealer
burns and turns one community card that every player uses (no reshuffle: R-A5 is not reached).

The count, by hand: third street deals 3 x 7 = 21 cards (52 - 21 = 31 left); fourth, fifth and
sixth streets each burn one and deal 7 (31 - 3 x 8 = 7 left). A burn and seven cards would be
8. So the last burn is card 45 of the stacked deck (0-based), the community card is card 46,
and the five cards after it stay in the stub, never dealt.

The deck is stacked so that the community card decides the hand: seat 3 holds 9s Ts Js Qs and
two deuces, and the community card is the Ks: a king-high straight flush (without it, a pair of
deuces). Nobody holds five different ranks of eight or lower (each seat has at most two low
ranks, and the Ks is none), so no low qualifies (R4) and the high hand takes the whole pot: the
$1 bring-in called by the six others, $7.

Mutants this catches: the short-stub test ``len(stub) < players + 1`` weakened to
``< players`` (the engine burns, deals six seventh-street cards and reshuffles the burns for
the seventh player), the community card turned without its burn (it would be the 7s), and the
community card left out of the showdown (seat 3 would hold a pair of deuces, and seat 0's two
pair, aces and kings, would win).
"""

from __future__ import annotations

from gamelib.cards import parse_cards
from gamelib.engine import events as ev
from gamelib.engine.hand import Hand
from gamelib.games.pot import POT_DECLARATIONS

STUD8 = POT_DECLARATIONS["stud8"]
PLAYERS = 7
BUTTON = 0
ORDER = [1, 2, 3, 4, 5, 6, 0]  # the deal goes clockwise from the seat left of the button

#: Each seat's six cards: two down and one up on third street, then one up on each of fourth,
#: fifth and sixth streets. Low ranks (ace to eight) per seat: at most two distinct.
OWN = {
    0: "Ah Ad Kh Kd 3c 3d",   # with the Ks: kings full of aces
    1: "4c 4d Qh Qd 5c 5d",
    2: "6c 6d Jh Jd 7c 7d",
    3: "9s Ts 2c Js 2d Qs",   # with the Ks: a king-high straight flush
    4: "8c 8d Th Td Ac As",
    5: "2h 2s 9h 9d 3h 3s",
    6: "4h 4s Tc Jc 5h 5s",
}
BURNS = ["6h", "6s", "7h", "7s"]  # before fourth, fifth, sixth and seventh streets
COMMUNITY = "Ks"
NEVER_DEALT = ["8h", "8s", "9c", "Qc", "Kc"]


def deck() -> list[str]:
    own = {s: OWN[s].split() for s in OWN}
    cards: list[str] = []
    for k in range(3):  # third street: the two down cards, one round at a time, then the up card
        cards += [own[s][k] for s in ORDER]
    for k, burn in zip(range(3, 6), BURNS, strict=False):  # fourth, fifth, sixth streets (seventh's burn below)
        cards.append(burn)
        cards += [own[s][k] for s in ORDER]
    cards += [BURNS[3], COMMUNITY] + NEVER_DEALT
    assert len(cards) == len(set(cards)) == 52
    return cards


def play_to_showdown() -> Hand:
    h = Hand(STUD8, [100] * PLAYERS, button=BUTTON, deck=" ".join(deck()))
    while not h.is_over:
        kinds = {a.kind for a in h.legal_actions()}
        h.act("bring-in" if "bring-in" in kinds else "call" if "call" in kinds else "check")
    return h


def test_the_stacked_deck_has_exactly_seven_cards_for_seventh_street() -> None:
    cards = deck()
    assert cards.index(BURNS[3]) == 21 + 3 * 8 == 45  # everything before the last burn
    assert len(cards) - 45 == 7


def test_seven_players_nobody_folds_the_community_card_is_used_not_a_reshuffle() -> None:
    h = play_to_showdown()
    assert not any(h.folded)
    assert not [e for e in h.events if isinstance(e, ev.Reshuffle)]
    turned = [e for e in h.events if isinstance(e, ev.CommunityCard)]
    assert len(turned) == 1 and list(turned[0].cards) == parse_cards(COMMUNITY)
    assert h.community == parse_cards(COMMUNITY)
    # the last burn went to the muck before the community card, and five cards were never dealt
    assert parse_cards(BURNS[3])[0] in h.muck
    dealt = {c for s in range(PLAYERS) for c in h.down[s] + h.up[s]} | set(h.community)
    assert not dealt & set(parse_cards(" ".join(NEVER_DEALT)))
    # each player has only his six own cards, which are the ones stacked for him
    for s in range(PLAYERS):
        assert sorted(h.down[s] + h.up[s]) == sorted(parse_cards(OWN[s]))


def test_every_player_uses_the_community_card_at_the_showdown() -> None:
    h = play_to_showdown()
    # $1 bring-in, called by the six others: a $7 pot; no low (R4), so the high hand scoops it.
    assert sum(h.contributed) == 7
    assert h.winnings == [0, 0, 0, 7, 0, 0, 0]
