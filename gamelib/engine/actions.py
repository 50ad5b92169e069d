"""The words of a hand in play: the kinds of action a player takes, and the phase the hand is in.

``ActionKind`` and ``Phase`` are string enums (``StrEnum``, as the declarations' vocabularies
are, ``gamelib.games.vocabularies``): a member compares equal to its word, hashes as it, and
prints and formats as it, so ``hand.act("raise", 4)`` with a plain string works, ``"fold" in
kinds`` finds ``ActionKind.FOLD``, and a list of kinds shows the same words as before.

``read_action`` turns the words a caller may type (``"Raise to"``, ``"bring_in"``,
``"standpat"``) into an ``ActionKind``.

>>> ActionKind.RAISE == "raise", [ActionKind.FOLD, Phase.DRAW], f"{ActionKind.STAND_PAT}"
(True, ['fold', 'draw'], 'stand pat')
>>> read_action(" Bring_In "), read_action("raise to"), read_action("shove")
('bring-in', 'raise', None)
"""

from __future__ import annotations

from ..games.vocabularies import Vocabulary


class ActionKind(Vocabulary):
    """What a player in turn does (``gamelib.engine.hand.Hand.act``)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"  # the round's first bet
    RAISE = "raise"
    COMPLETE = "complete"  # a short bet (the stud bring-in, or a short all-in bet at limit) made a full one
    BRING_IN = "bring-in"  # stud's forced opening bet (R14)
    DRAW = "draw"
    STAND_PAT = "stand pat"
    DISCARD = "discard"  # without replacement (Super Razzdugi, R15)

    @property
    def is_wager(self) -> bool:
        """A bet, raise or completion: an action with a total the player chooses.

        >>> [k for k in ActionKind if k.is_wager]
        ['bet', 'raise', 'complete']
        """
        return self in WAGERS

    @property
    def names_cards(self) -> bool:
        """A draw, stand pat or discard: an action of a draw phase, which names cards.

        >>> [k for k in ActionKind if k.names_cards]
        ['draw', 'stand pat', 'discard']
        """
        return self in CARD_ACTIONS


#: The actions that bet or raise to a total the player chooses.
WAGERS = frozenset({ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE})
#: The actions of a draw or discard phase.
CARD_ACTIONS = frozenset({ActionKind.DRAW, ActionKind.STAND_PAT, ActionKind.DISCARD})

#: Other ways of writing an action, after ``read_action`` has lowered it and made ``_``/``-`` spaces.
_ALIASES = {"raise to": ActionKind.RAISE, "bet to": ActionKind.BET, "bring in": ActionKind.BRING_IN,
            "standpat": ActionKind.STAND_PAT}


def action_word(word: str) -> str:
    """A typed action word as ``read_action`` reads it: lower case, ``_`` and ``-`` as spaces,
    trimmed (and a known other spelling as its action's word).

    >>> action_word(" Raise_To "), action_word("Shove")
    ('raise', 'shove')
    """
    plain = word.replace("_", " ").replace("-", " ").strip().lower()
    return str(_ALIASES.get(plain, plain))


def read_action(word: str) -> ActionKind | None:
    """The action a typed word names, or ``None`` for a word that names none.

    >>> read_action("CALL") is ActionKind.CALL, read_action("stand_pat")
    (True, 'stand pat')
    """
    try:
        return ActionKind(action_word(word))
    except ValueError:
        return None


class Phase(Vocabulary):
    """What the hand is waiting for: a betting action, a draw, a discard, or nothing (over)."""

    BET = "bet"
    DRAW = "draw"
    DISCARD = "discard"  # Super Razzdugi's discard without replacement (R15)
    OVER = "over"

    @property
    def names_cards(self) -> bool:
        """A draw or a discard: the player in turn names cards.

        >>> Phase.DRAW.names_cards, Phase.BET.names_cards
        (True, False)
        """
        return self in (Phase.DRAW, Phase.DISCARD)


__all__ = ["ActionKind", "Phase", "WAGERS", "CARD_ACTIONS", "action_word", "read_action"]
