"""The small pieces of HTML every widget shows, written once: a message that something was
refused or could not be done (with the engine's own words), and a coloured badge ("wins",
"accepted", "refused", "dealt").

>>> error_html("Refused", "the Ante must be between $2 and $10, not $11")
'<p style="color:#b00020;margin:4px 0;"><b>Refused:</b> the Ante must be between $2 and $10, not $11</p>'
>>> badge("wins")
'<span style="background:#1b7f3b;color:#fff;border-radius:4px;padding:1px 6px;">wins</span>'
"""

from __future__ import annotations

import html

#: The colours of good and bad news (a win, an accepted buy-in; a refusal, a loss).
GOOD = "#1b7f3b"
BAD = "#b00020"


def error_html(what: str, message: object) -> str:
    """``what`` in bold (``Refused``, ``Cannot deal``...) and the message, escaped, in red.

    >>> error_html("Cannot deal", "<x>")
    '<p style="color:#b00020;margin:4px 0;"><b>Cannot deal:</b> &lt;x&gt;</p>'
    """
    return f'<p style="color:{BAD};margin:4px 0;"><b>{html.escape(what)}:</b> {html.escape(str(message))}</p>'


def badge(text: str, good: bool = True) -> str:
    """A small coloured label: green for good news, red for bad.

    >>> badge("refused", good=False).startswith('<span style="background:#b00020')
    True
    """
    return (f'<span style="background:{GOOD if good else BAD};color:#fff;border-radius:4px;padding:1px 6px;">'
            f"{html.escape(text)}</span>")


__all__ = ["GOOD", "BAD", "error_html", "badge"]
