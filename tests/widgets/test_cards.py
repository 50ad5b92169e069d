"""Card rendering (gamelib/widgets/cards.py): colours, highlight, input spellings, no network."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.cards import card_name, format_card, parse_cards
from gamelib.errors import CardError
from gamelib.widgets import card_html, hand_html, hand_widget
from gamelib.widgets.cards import FOUR_COLOR, TWO_COLOR

RED, BLACK = "#c8102e", "#111111"
VOID = {"br", "img", "hr", "meta", "link", "input"}


class _Tags(HTMLParser):
    """Checks that tags balance and collects the cards' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.cards: list[dict[str, str]] = []
        self.hands: list[dict[str, str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "gl-card" in a.get("class", "").split():
            self.cards.append(a)
        if "gl-hand" in a.get("class", "").split():
            self.hands.append(a)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"unbalanced </{tag}>"
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parse(fragment: str) -> _Tags:
    p = _Tags()
    p.feed(fragment)
    p.close()
    assert p.stack == [], f"unclosed tags: {p.stack}"
    return p


def color_of(card_attrs: dict[str, str]) -> str:
    m = re.search(r"(?:^|;)color:(#[0-9a-f]{6})", card_attrs["style"])
    assert m, card_attrs["style"]
    return m.group(1)


@pytest.mark.parametrize(
    ("card", "symbol", "two", "four"),
    [
        ("As", "♠", BLACK, BLACK),
        ("Kh", "♥", RED, RED),
        ("Qd", "♦", RED, "#1458c8"),
        ("Jc", "♣", BLACK, "#13803a"),
    ],
)
def test_suit_colours(card: str, symbol: str, two: str, four: str) -> None:
    for four_color, want in ((False, two), (True, four)):
        p = parse(card_html(card, four_color=four_color))
        assert len(p.cards) == 1
        assert color_of(p.cards[0]) == want
        assert symbol in "".join(p.text)


def test_four_colour_deck_has_four_distinct_colours() -> None:
    assert len(set(FOUR_COLOR.values())) == 4
    assert TWO_COLOR["h"] == TWO_COLOR["d"] != TWO_COLOR["s"] == TWO_COLOR["c"]


def test_card_face_rank_and_name() -> None:
    p = parse(card_html("Td"))
    assert "".join(p.text) == "10♦"
    assert p.cards[0]["aria-label"] == "ten of diamonds"
    assert p.cards[0]["data-card"] == "Td"
    assert "".join(parse(card_html("9c")).text) == "9♣"


@pytest.mark.parametrize("spelling", ["Ah", "ah", "AH", "A♥", "a♡", 50])
def test_any_r1_spelling_draws_the_same_card(spelling: str | int) -> None:
    assert card_html(spelling) == card_html("Ah")


def test_bad_card_names_the_token() -> None:
    with pytest.raises(CardError, match="'Xs'"):
        card_html("Xs")
    with pytest.raises(CardError, match="'1h'"):
        hand_html("As 1h")


def test_hand_order_and_count() -> None:
    p = parse(hand_html("As 10d 9♣ 2h"))
    assert [c["data-card"] for c in p.cards] == ["As", "Td", "9c", "2h"]
    assert len(p.hands) == 1
    assert p.hands[0]["aria-label"] == "ace of spades, ten of diamonds, nine of clubs, deuce of hearts"


def test_hand_from_ints_and_multiple_decks() -> None:
    p = parse(hand_html([51, 51, 0]))
    assert [c["data-card"] for c in p.cards] == ["As", "As", "2c"]


def test_empty_hand() -> None:
    p = parse(hand_html([]))
    assert p.cards == [] and p.hands[0]["aria-label"] == "no cards"


def test_highlight_emphasises_and_dims() -> None:
    p = parse(hand_html("Kh Kd Ks 4c 9d", highlight="Kh Kd Ks"))
    states = {c["data-card"]: c.get("data-state") for c in p.cards}
    assert states == {"Kh": "emphasis", "Kd": "emphasis", "Ks": "emphasis", "4c": "dimmed", "9d": "dimmed"}
    for c in p.cards:
        assert "opacity" not in c["style"]  # full contrast in every state (WCAG 2.1 AA)
        if c["data-state"] == "dimmed":
            assert "dashed" in c["style"] and c["aria-label"].endswith("(not in the hand)")
        else:
            assert "border:2px" in c["style"] and "not in the hand" not in c["aria-label"]


def _luminance(hex_colour: str) -> float:
    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@pytest.mark.parametrize("four_color", [False, True])
def test_every_suit_colour_reads_at_wcag_aa_contrast(four_color: bool) -> None:
    """Each suit's colour on the white card face: a contrast of at least 4.5 to 1 (WCAG 2.1 AA,
    normal text), in every state a card is drawn in."""
    import re
    for state_highlight in (None, "As", ""):
        p = parse(hand_html("As Kd Qh Jc", four_color=four_color, highlight=state_highlight))
        for c in p.cards:
            colour = re.search(r"(?<![-\w])color:(#[0-9a-f]{6})", c["style"]).group(1)
            face = re.search(r"background:(#[0-9a-f]{6})", c["style"]).group(1)
            lighter, darker = sorted((_luminance(colour), _luminance(face)), reverse=True)
            assert (lighter + 0.05) / (darker + 0.05) >= 4.5, (c["data-card"], colour, face)


def test_highlight_accepts_ints_and_none() -> None:
    assert hand_html("As Kd", highlight=parse_cards("As")) == hand_html("As Kd", highlight="as")
    plain = parse(hand_html("As Kd", highlight=None))
    assert all("data-state" not in c for c in plain.cards)
    all_dim = parse(hand_html("As Kd", highlight=set()))
    assert [c["data-state"] for c in all_dim.cards] == ["dimmed", "dimmed"]


def test_self_contained_html() -> None:
    """Inline styles only: nothing that could make the page fetch a font, image or script."""
    h = hand_html("As Kh Qd Jc Ts", four_color=True, highlight="As Kh") + card_html("2c")
    lowered = h.lower()
    for banned in ("http", "url(", "@import", "@font-face", "<link", "<script", "<img", "<style", "class=\"fa"):
        assert banned not in lowered, banned
    # A card's face is white whatever the page's theme.
    assert all("background:#ffffff" in c["style"] for c in parse(h).cards)


def test_hand_widget_is_an_html_widget() -> None:
    w = hand_widget("Ah Kh", four_color=True, highlight="Ah", description="Hole cards")
    assert isinstance(w, widgets.HTML)
    assert w.value == hand_html("Ah Kh", four_color=True, highlight="Ah")
    assert w.description == "Hole cards"


@settings(max_examples=60, deadline=None)
@given(
    hand=st.lists(st.integers(0, 51), min_size=0, max_size=10),
    marked=st.one_of(st.none(), st.sets(st.integers(0, 51), max_size=7)),
    four=st.booleans(),
)
def test_every_hand_renders_every_card(hand: list[int], marked: set[int] | None, four: bool) -> None:
    p = parse(hand_html(hand, four_color=four, highlight=marked))
    assert [c["data-card"] for c in p.cards] == [format_card(c) for c in hand]
    assert [c["aria-label"] for c in p.cards] == [card_name(c)
                                                  + ("" if marked is None or c in marked else " (not in the hand)")
                                                  for c in hand]
    palette = FOUR_COLOR if four else TWO_COLOR
    assert [color_of(c) for c in p.cards] == [palette["cdhs"[c & 3]] for c in hand]
    if marked is None:
        assert all("data-state" not in c for c in p.cards)
    else:
        assert [c["data-state"] for c in p.cards] == ["emphasis" if c in marked else "dimmed" for c in hand]
