"""Cards drawn for notebooks and the book: small white cards with the rank and a coloured suit.

Everything is one HTML string with inline styles (no stylesheet, no web font, nothing fetched),
so it looks the same in Jupyter, in Voilà, in a saved notebook and in the static book, and it
stays readable in a dark theme because each card carries its own white face.

Suits are red (hearts, diamonds) and black (spades, clubs); the four-colour deck that many
cardrooms use for dealer training shows diamonds blue and clubs green. ``highlight`` draws
some cards emphasised (typically the cards that make the hand) and dims the others.

The ten shows as "10" on the card face, as on a real card; everywhere else the handbook writes
it ``T`` (RULINGS R1).

>>> from gamelib.widgets.cards import hand_html
>>> hand_html("As Kd").count('role="img"')
2
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as widgets

from ..cards import RANKS, SUIT_SYMBOLS, SUITS, CardLike, CardsLike, card_name, format_card, parse_card, parse_cards

#: Suit colours of the usual two-colour deck (clubs, diamonds, hearts, spades).
TWO_COLOR: dict[str, str] = {"c": "#111111", "d": "#c8102e", "h": "#c8102e", "s": "#111111"}
#: Suit colours of the four-colour deck: blue diamonds, green clubs.
FOUR_COLOR: dict[str, str] = {"c": "#13803a", "d": "#1458c8", "h": "#c8102e", "s": "#111111"}

_FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif"
_CARD_STYLE = (
    "display:inline-flex;flex-direction:column;align-items:center;justify-content:center;"
    "box-sizing:border-box;width:2.8em;height:3.9em;margin:0.15em;padding:0.1em 0;"
    "background:#ffffff;border:1px solid #9a9a9a;border-radius:0.35em;"
    "box-shadow:0 1px 2px rgba(0,0,0,0.25);"
    f"font-family:{_FONT};font-weight:700;line-height:1.05;vertical-align:middle;"
    "user-select:none;"
)
_EMPHASIS_STYLE = (
    "border:2px solid #d4a017;box-shadow:0 0 0 2px rgba(212,160,23,0.35),0 2px 4px rgba(0,0,0,0.3);"
    "transform:translateY(-0.2em);"
)
#: A card not in the hand: lowered, smaller and edged with a dashed line, its rank and suit at full
#: contrast (WCAG 2.1 AA: no fading, so a reader with low vision still reads it; the words say
#: it too, in the card's accessible name).
_DIMMED_STYLE = "border:1px dashed #5c5c5c;box-shadow:none;transform:translateY(0.15em) scale(0.9);"
_HAND_STYLE = "display:inline-flex;flex-wrap:nowrap;align-items:center;gap:0.1em;vertical-align:middle;"


def _face_rank(card: int) -> str:
    rank = RANKS[card >> 2]
    return "10" if rank == "T" else rank


def card_html(card: CardLike, four_color: bool = False, *, _state: str = "") -> str:
    """One card as an HTML ``<span>``: rank over a coloured suit symbol on a white card.

    ``card`` is a card int (0..51) or any spelling RULINGS R1 accepts (``"Th"``, ``"10h"``,
    ``"t♥"``). With ``four_color`` diamonds are blue and clubs green.

    >>> html = card_html("10h")
    >>> "10" in html and "♥" in html and "#c8102e" in html and 'aria-label="ten of hearts"' in html
    True
    """
    c = parse_card(card)
    suit = SUITS[c & 3]
    color = (FOUR_COLOR if four_color else TWO_COLOR)[suit]
    name = card_name(c)
    style = _CARD_STYLE + f"color:{color};"
    if _state == "emphasis":
        style += _EMPHASIS_STYLE
    elif _state == "dimmed":
        style += _DIMMED_STYLE
    state_attr = f' data-state="{_state}"' if _state else ""
    if _state == "dimmed":
        name += " (not in the hand)"
    return (
        f'<span class="gl-card" role="img" aria-label="{html.escape(name)}" title="{html.escape(name)}"'
        f' data-card="{format_card(c)}"{state_attr} style="{style}">'
        f'<span style="font-size:1.15em;letter-spacing:-0.04em;">{_face_rank(c)}</span>'
        f'<span style="font-size:1.55em;">{SUIT_SYMBOLS[suit]}</span>'
        "</span>"
    )


def _card_set(cards: Iterable[CardLike] | str) -> set[int]:
    """The cards of a highlight or a dimmed set: a string, a list or a set of cards (parse_cards
    takes no set, as a hand has an order; a highlight has none).

    >>> sorted(_card_set({51, 50})), sorted(_card_set("As Ks"))
    ([50, 51], [47, 51])
    """
    if isinstance(cards, (set, frozenset)):
        cards = sorted(cards, key=str)
    return set(parse_cards(cards, allow_duplicates=True, what="highlight"))


def hand_html(
    cards: CardsLike,
    four_color: bool = False,
    highlight: Iterable[CardLike] | str | None = None,
) -> str:
    """A row of cards as one HTML string (see :func:`card_html`).

    ``cards`` is a string (``"As Kd 9c"``) or a sequence of card ints or strings; several decks
    may be in play, so a card may repeat. ``highlight``, when given, is the set of cards to
    emphasise (for example the five that make the hand): those are drawn raised with a gold
    edge and the others dimmed. ``None`` draws every card plainly.

    >>> h = hand_html("As Ks Qs Js Ts 2c 2d", highlight="As Ks Qs Js Ts")
    >>> h.count('data-state="emphasis"'), h.count('data-state="dimmed"')
    (5, 2)
    """
    hand = parse_cards(cards, allow_duplicates=True)
    marked = None if highlight is None else _card_set(highlight)
    parts = []
    for c in hand:
        state = "" if marked is None else ("emphasis" if c in marked else "dimmed")
        parts.append(card_html(c, four_color, _state=state))
    label = html.escape(", ".join(card_name(c) for c in hand)) or "no cards"
    return f'<span class="gl-hand" role="group" aria-label="{label}" style="{_HAND_STYLE}">{"".join(parts)}</span>'


def hand_widget(
    cards: CardsLike,
    four_color: bool = False,
    highlight: Iterable[CardLike] | str | None = None,
    description: str = "",
) -> widgets.HTML:
    """The hand as an ``ipywidgets.HTML`` widget, for panels and live notebooks.

    In the static book it is shown as saved; set ``.value = hand_html(...)`` to redraw it
    from Python when a kernel is running. ``description`` is the widget's label.

    >>> w = hand_widget("Ah Kh", description="Hole cards")
    >>> w.value == hand_html("Ah Kh"), w.description
    (True, 'Hole cards')
    """
    return widgets.HTML(value=hand_html(cards, four_color, highlight), description=description)


__all__ = ["TWO_COLOR", "FOUR_COLOR", "card_html", "hand_html", "hand_widget"]
