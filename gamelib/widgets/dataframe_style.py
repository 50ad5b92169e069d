"""The book's table style: pandas DataFrames styled the same way on every page.

``style_table`` formats counts with thousands separators and probabilities to a fixed number
of places, hides the index, and gives the table a fixed id so a rebuilt page (and nbval) sees
exactly the same HTML.

>>> import pandas as pd
>>> html = style_table(pd.DataFrame({"category": ["pair"], "combinations": [1098240], "probability": [0.42257]}),
...                    "demo").to_html()
>>> "1,098,240" in html and 'id="T_demo"' in html
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler
else:
    from gamelib.lazy import pandas as pd

#: Column formats by column name (columns not listed keep pandas' default).
FORMATS: dict[str, str] = {
    "combinations": "{:,}",
    "probability": "{:.6f}",
    "standard error": "{:.6f}",
    "one in": "{:,.1f}",
    "distinct values": "{:,}",
    "return": "{:+.6f}",
}


def style_table(df: pd.DataFrame, name: str, formats: dict[str, str] | None = None) -> Styler:
    """A Styler with the book's formats, no index, and the stable id ``T_<name>``."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise ValueError(f"table name {name!r} must be letters, digits, '-' or '_' (it becomes an HTML id)")
    fmt: dict[str, str | Callable[[object], str] | None] = {
        c: f for c, f in {**FORMATS, **(formats or {})}.items() if c in df.columns}
    return (
        df.style.set_uuid(name)
        .format(fmt)
        .hide(axis="index")
        .set_table_styles(
            [
                {"selector": "th", "props": "text-align:left; padding:3px 10px; border-bottom:1px solid #888;"},
                {"selector": "td", "props": "padding:3px 10px; text-align:right;"},
                {"selector": "td:first-child", "props": "text-align:left;"},
            ]
        )
    )
