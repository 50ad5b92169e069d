"""PHH records read and written: the standard fields, the cards (``??`` for unseen ones), the
actions, the variant codes and gamelib's extension fields, and the refusals of what is not PHH
or not a game of gamelib."""

from __future__ import annotations

import warnings

import pytest
from pokerkit.notation import HandHistory

from gamelib.handhistory import HandRecordError, loads, replay
from gamelib.handhistory.record import parse_action, parse_cards_phh
from gamelib.handhistory.variants import read_stakes

BASE = ('variant = "{v}"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
        'starting_stacks = [50, 50]\nactions = ["d dh p1 ????????", "d dh p2 ????????", "p2 f"]\n')


def test_loads_and_dumps_keep_every_field() -> None:
    text = BASE.format(v="FB") + 'players = ["Ann", "Bob"]\nfinishing_stacks = [51, 49]\n_note = "kept"\n'
    r = loads(text)
    again = loads(r.dumps())
    assert again == r and again.extra == {"players": ["Ann", "Bob"], "finishing_stacks": [51, 49], "_note": "kept"}


def test_pokerkit_reads_the_extension_records_standard_fields() -> None:
    text = BASE.format(v="_gamelib") + '_gamelib_variant = "badacey"\n_gamelib_structure = "limit"\n'
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # pokerkit warns on a field that is neither standard nor '_'-prefixed
        hh = HandHistory.loads(text)
    assert hh.starting_stacks == [50, 50] and hh.user_defined_fields["_gamelib_variant"] == "badacey"
    assert read_stakes(loads(text))[0].title == "Badacey"


@pytest.mark.parametrize("action, verb, cards, amount", [
    ("d dh p2 ????7c", "dh", (None, None, 20), 2),
    ("d db 7c8d9h", "db", (20, 25, 30), None),
    ("p3 cbr 300000 # a raise", "cbr", (), 300000),
    ("p1 sd", "sd", (), None),
    ("p1 sd AsQs", "sd", (51, 43), None),
    ("p1 sm -", "sm", (), -1),
    ("# the dealer burns a card face up", "", (), None),
])
def test_actions(action: str, verb: str, cards: tuple, amount: int) -> None:
    a = parse_action(action)
    assert (a.verb, a.cards, a.amount) == (verb, cards, amount)


@pytest.mark.parametrize("text, words", [
    ("Xs", "is not a card"),
    ("A", "two characters each"),
])
def test_bad_cards(text: str, words: str) -> None:
    with pytest.raises(HandRecordError, match=words):
        parse_cards_phh(text)


@pytest.mark.parametrize("change, words", [
    (("variant = \"FB\"", "variant = \"NT\""), "no-limit Texas hold'em\\) is not a game of gamelib"),
    (("variant = \"FB\"", "variant = \"_gamelib\""), "names its game in _gamelib_variant"),
    (("antes = [0, 0]", "antes = [0, 3]"), "a big blind ante"),
    (("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, 2, 4]"), "one amount per player"),
    (("small_bet = 2", "small_bet = 2.5"), "whole chips"),
    (("\"p2 f\"", "\"p2 raise 4\""), "unknown action 'raise'"),
    (("\"p2 f\"", "\"p3 f\""), "seats p1 to p2"),
    (("\"d dh p2 ????????\", ", ""), "does not deal p2 the 1 card"),
    (("\"p2 f\"", "\"p2 cc\", \"p1 cc\", \"p1 sd\", \"p2 sd\", \"p1 cc\", \"p2 cc\", \"p1 sd\", \"p2 sd\", "
      "\"p1 cc\", \"p2 cc\", \"p1 sd\", \"p2 sd\", \"p1 cc\", \"p2 cc\", \"p1 sm AsKsQsJs\", \"p2 sm 2c3d4h5s\""), ""),
])
def test_refusals(change: tuple[str, str], words: str) -> None:
    text = BASE.format(v="FB").replace(*change)
    if not words:  # the last case is legal: unseen cards are those shown at the showdown
        rp = replay(text)
        assert rp.complete and rp.finishing_stacks == [48, 52]
        return
    with pytest.raises(HandRecordError, match=words):
        replay(text)


def test_a_hand_nobody_shows_is_not_awarded() -> None:
    text = BASE.format(v="FB").replace('"p2 f"', '"p2 cc", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", '
                                       '"p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"')
    with pytest.raises(HandRecordError, match="does not show p1, p2's cards at the showdown"):
        replay(text)


def test_a_hand_mucked_at_the_showdown_is_dead() -> None:
    text = BASE.format(v="FB").replace('"p2 f"', '"p2 cc", "p1 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", '
                                       '"p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", '
                                       '"p2 sm 2c3d4h5s", "p1 sm"')
    rp = replay(text)
    assert rp.hand.killed == [0] and rp.finishing_stacks == [48, 52]
