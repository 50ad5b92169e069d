"""A record whose action breaks a rule is refused at that action, with the rule named and the
legal continuation (what the player in turn might have done): one case per kind of illegal
action, each checked against the engine's own list of what was legal."""

from __future__ import annotations

import pytest

from gamelib.handhistory import IllegalHandRecordError, check, replay
from gamelib.handhistory.record import HandRecord

BADUGI = ["d dh p1 AcKdQh2s", "d dh p2 3c4d5h6s", "d dh p3 7c8d9hTs"]
STUD = ["d dh p1 AcKdQh", "d dh p2 3c4d2s", "d dh p3 7c8d9h"]  # p1's queen is the highest up card
RAZZ = ["d dh p1 AcKdQhJs2c", "d dh p2 3c4d5h6s8c", "d dh p3 7c8d9hTsKs"]


def blinds(actions: list[str], stacks: list[int] | None = None, structure: str = "limit",
           game: str = "badugi", small: int = 2, big: int = 4) -> HandRecord:
    n = len(stacks or [50, 50, 50])
    extra = {} if structure == "limit" and game == "badugi" else {"_gamelib_variant": game,
                                                                   "_gamelib_structure": structure}
    limit = structure in ("limit", "spread")
    return HandRecord("FB" if not extra else "_gamelib", [0] * n, [1, 2] + [0] * (n - 2), None,
                      small if limit else None, big if limit else None, None if limit else 2,
                      stacks or [50] * n, actions, extra)


def stud(actions: list[str], game: str = "stud8") -> HandRecord:
    extra = {} if game == "stud8" else {"_gamelib_variant": game, "_gamelib_structure": "limit"}
    return HandRecord("F7S/8" if not extra else "_gamelib", [0, 0, 0], None, 1, 2, 4, None, [50, 50, 50],
                      actions, extra)


DRAWN = BADUGI + ["p3 cc", "p1 cc", "p2 cc"]  # all call pre-draw: the first draw begins with p1

#: kind -> (record, the rule, words the violation must say)
CASES: dict[str, tuple[HandRecord, str, str]] = {
    "cap": (blinds(BADUGI + ["p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cbr 12"]), "R13",
            "p1 raises to 12, but the cap of one bet and four raises was reached"),
    "limit size": (blinds(BADUGI + ["p3 cbr 5"]), "R12",
                   "p3 raises to 5, but at limit a raise on the deal is to exactly 4"),
    "out of turn heads-up": (HandRecord("FB", [0, 0], [1, 2], None, 2, 4, None, [50, 50], BADUGI[:2] + ["p1 cc"]),
                             "R-A7", "p1 checks out of turn: p2 is to act"),
    "out of turn at stud": (stud(STUD + ["p1 pb"]), "R14", "p1 brings in out of turn: p2 is to act"),
    "short all-in does not reopen": (blinds(BADUGI + ["p3 cc", "p1 cbr 3", "p2 cc", "p3 cbr 5"], stacks=[3, 50, 50]),
                                     "R-A1", "the betting was not reopened to him"),
    "raise nobody can call": (HandRecord("FB", [0, 0], [1, 2], None, 2, 4, None, [2, 50], BADUGI[:2] + ["p2 cbr 4"]),
                              "R30", "no other player still in has chips beyond the bet"),
    "pot limit over the pot": (blinds(BADUGI + ["p3 cbr 9"], structure="pot-limit"), "R16",
                               "at pot limit the most is to 7"),
    "no limit under the minimum": (blinds(BADUGI + ["p3 cbr 3"], structure="no-limit"), "R16",
                                   "a raise is to at least 4"),
    "completing a short bet at no limit": (
        blinds(DRAWN + ["p1 sd", "p2 sd", "p3 sd", "p1 cbr 1", "p2 cbr 2"], stacks=[3, 50, 50], structure="no-limit"),
        "R29", "completing is a limit wager"),
    "spread limit over the top": (blinds(["d dh p1 AcKdQh2s3s", "d dh p2 3c4d5h6s7s", "d dh p3 7c8d9hTsJs",
                                          "p3 cbr 7"], game="big-o", structure="spread", small=1, big=4),
                                  "R18", "a spread-limit raise is to 4-6"),
    "completion size at stud": (stud(STUD + ["p2 cbr 3"]), "R-A11", "the bring-in is completed to 2"),
    "bring-in skipped": (stud(STUD + ["p2 cc"]), "R14, R-A11", "p2's up card brings in"),
    "bet during the draw": (blinds(DRAWN + ["p1 cbr 2"]), "R-A12", "each player draws or stands pat in turn"),
    "drawing a card not held": (blinds(DRAWN + ["p1 sd 7c"]), "R-A12", "must be among his down cards (Ac Kd Qh 2s)"),
    "drawing in a betting round": (blinds(BADUGI + ["p3 sd 7c"]), "R12", "it is a betting round (deal), not a draw"),
    "super razzdugi discards two": (stud(RAZZ + ["p3 pb", "p1 cc", "p2 cc", "p1 sd Ac"], game="super-razzdugi"),
                                    "R15", "every player discards exactly 2 of his down cards"),
    "bring-in in a blind game": (blinds(BADUGI + ["p3 pb"]), "R11", "has blinds, not a bring-in"),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_an_illegal_action_is_refused_at_that_action_with_its_rule(kind: str) -> None:
    record, rule, words = CASES[kind]
    rp = replay(record)
    v = rp.violation
    assert v is not None, f"{kind}: the record was accepted"
    assert v.index == len(record.actions) - 1, "refused at the action that breaks the rule, not before"
    assert v.rule == rule, str(v)
    assert words in v.words, str(v)
    # The continuation is what the engine says was legal for the player in turn.
    from gamelib.handhistory.rules import legal_words
    assert v.continuation == f"p{rp.hand.to_act + 1} may: {legal_words(rp.hand.legal_actions())}"
    with pytest.raises(IllegalHandRecordError, match=f"^action {len(record.actions)} "):
        check(record)


def test_at_least_ten_kinds_with_a_ruling() -> None:
    assert len({rule for _, rule, _ in CASES.values()}) >= 10


def test_a_raise_past_the_cap_is_refused_in_these_words() -> None:
    record, _, _ = CASES["cap"]
    with pytest.raises(IllegalHandRecordError) as e:
        check(record)
    assert str(e.value) == ("action 8 'p1 cbr 12': p1 raises to 12, but the cap of one bet and four raises was "
                            "reached: R13. p1 may: fold, call 4")
    assert e.value.violation.rule == "R13"


def test_the_legal_prefix_of_each_case_replays() -> None:
    """Each case is legal up to its last action: the refusal is that action's alone."""
    for kind, (record, _, _) in CASES.items():
        prefix = HandRecord(record.variant, record.antes, record.blinds_or_straddles, record.bring_in,
                            record.small_bet, record.big_bet, record.min_bet, record.starting_stacks,
                            record.actions[:-1], record.extra)
        assert replay(prefix).violation is None, kind


def test_an_action_after_the_hand_is_over() -> None:
    rp = replay(blinds(BADUGI + ["p3 f", "p1 f", "p2 f"]))
    assert rp.violation is not None and "the hand is over" in rp.violation.words
