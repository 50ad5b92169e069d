"""Controls every reader can use, written once (WCAG 2.1 AA): buttons whose label is
never cut off and whose colours can be read, and rows of controls that wrap on a narrow screen.

ipywidgets draws a button 148 px wide whatever its label ("Recompute house …"), lets a row of
controls squeeze its buttons to an ellipsis on a phone ("N…"), and colours a primary button
white on #2196f3, a contrast of 3.1:1 (AA asks 4.5:1 for text). :func:`button` sizes a button to
its label and never lets a row shrink it; a primary one is white on :data:`PRIMARY` (5.75:1).
:func:`row` is an ``HBox`` that wraps its controls onto the next line instead of running off the
right edge; :func:`fit` lets a labelled control (a dropdown, a number box) shrink to the room
there is and gives its label the width of its words. :data:`STYLE` is the little CSS no widget
setting reaches (the tab titles of a ``Tab``), for an app to include once.

>>> b = button("Recompute house edge", primary=True)
>>> b.layout.width, b.layout.flex, b.style.button_color, b.button_style
('auto', '0 0 auto', '#1565c0', 'primary')
>>> row([b]).layout.flex_flow
'row wrap'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import ipywidgets as widgets

#: A primary button's colour: white text on it has a contrast of 5.75:1 (WCAG AA: 4.5:1).
PRIMARY = "#1565c0"
#: The contrast AA asks of text (WCAG 2.1, 1.4.3).
AA_TEXT = 4.5
#: What no widget setting reaches: a tab's title (lumino's grey, 4.45:1 on its tab) in full
#: black-grey; scoped to the widgets that include it (class ``gl-readable``).
STYLE = ("<style>.gl-readable .lm-TabBar .lm-TabBar-tab{color:#333333 !important;}"
         ".gl-readable .lm-TabBar .lm-TabBar-tab.lm-mod-current{color:#111111 !important;}</style>")


def contrast(foreground: str, background: str) -> float:
    """WCAG 2.1's contrast ratio of two ``#rrggbb`` colours (1 to 21).

    >>> round(contrast("#ffffff", PRIMARY), 2), round(contrast("#ffffff", "#2196f3"), 2)
    (5.75, 3.12)
    """
    def luminance(colour: str) -> float:
        channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def button(description: str, *, primary: bool = False, tooltip: str = "", disabled: bool = False,
           icon: str = "") -> widgets.Button:
    """A button as wide as its label, never squeezed by its row; ``primary`` in :data:`PRIMARY`.

    >>> button("Deal", tooltip="deal seeded random hands").tooltip
    'deal seeded random hands'
    """
    b = widgets.Button(description=description, tooltip=tooltip, disabled=disabled, icon=icon,
                       button_style="primary" if primary else "",
                       layout=widgets.Layout(width="auto", flex="0 0 auto"))
    if primary:
        b.style.button_color = PRIMARY
        b.style.text_color = "#ffffff"
    return b


def row(children: Iterable[object] = (), align: str = "center") -> widgets.HBox:
    """An ``HBox`` of ``children`` that wraps onto the next line where the screen is too narrow.

    >>> len(row([button("a"), button("b")]).children)
    2
    """
    return widgets.HBox(list(children), layout=widgets.Layout(flex_flow="row wrap", align_items=align,
                                                             max_width="100%"))


def fit(control: widgets.Widget) -> widgets.Widget:
    """``control`` (a labelled dropdown, text or number box) given the room there is: its label as
    wide as its words, the whole no wider than its row, so it never runs off a phone's screen.

    >>> d = fit(widgets.Dropdown(options=["a"], description="Game")); d.style.description_width, d.layout.max_width
    ('initial', '100%')
    """
    control.style.description_width = "initial"
    control.layout.max_width = "100%"
    return control


def pin(widget: widgets.Widget, **bounds: object) -> None:
    """Keep ``widget``'s traits ``bounds`` (e.g. ``min=0, max=10**9``) at these values: a change
    from the browser is undone at once.

    >>> box = widgets.BoundedIntText(value=1, min=0, max=10)
    >>> pin(box, min=0, max=10); box.max = 10**25; box.max
    10
    """

    def back(change: Mapping[str, object]) -> None:
        name = str(change["name"])
        if change["new"] != bounds[name]:
            setattr(widget, name, bounds[name])

    for name, value in bounds.items():
        setattr(widget, name, value)
    widget.observe(back, names=list(bounds))


def judge(root: widgets.Widget) -> None:
    """The kernel is the judge of what the page sends ``root``'s controls (found through
    ``children``): a number box keeps the ``min`` and ``max`` it was made with (a browser that
    raises them is undone at once, and a value beyond them is brought back within), and a choice
    box keeps a choice (a browser may send "no option", ``index`` None, which is dropped and the
    choice sent back to the page). A widget calls this once its controls are made; its handlers then see only values
    the page shows as possible.

    >>> box, pick = widgets.BoundedIntText(value=3, min=2, max=9), widgets.Dropdown(options=["a", "b"])
    >>> judge(widgets.VBox([box, row([pick])]))
    >>> box.max = 10**30; box.value = 10**30; box.max, box.value
    (9, 9)
    >>> pick.set_state({"index": None}); pick.value
    'a'
    """

    def keep_a_choice(control: widgets.Widget) -> None:
        set_state = control.set_state  # what ipywidgets calls with the state a browser sends

        def without_no_choice(state: Mapping[str, object]) -> None:
            if "index" in state and state["index"] is None:  # "no option": the choice stays
                set_state({k: v for k, v in state.items() if k != "index"})
                control.send_state("index")  # and the page shows it again
                return
            set_state(state)

        control.set_state = without_no_choice

    def walk(w: widgets.Widget) -> Iterable[widgets.Widget]:
        yield w
        for child in getattr(w, "children", ()) or ():
            yield from walk(child)

    for control in walk(root):
        if isinstance(control, (widgets.BoundedIntText, widgets.BoundedFloatText)):
            pin(control, min=control.min, max=control.max)
        elif isinstance(control, widgets.widget_selection._Selection) and control.index is not None:
            keep_a_choice(control)


__all__ = ["PRIMARY", "AA_TEXT", "STYLE", "contrast", "button", "row", "fit", "pin", "judge"]
