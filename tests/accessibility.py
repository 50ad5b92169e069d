"""What the accessibility tests share: axe-core run in a Playwright page, and the layout checks
(nothing wider than the window, no button whose label is cut off).

axe-core is vendored (``tests/book/vendor/axe-core-<version>/axe.min.js``, from ``npm pack``; see
``.ci/vendor-js``): nothing is fetched when the tests run. It is injected into the page under test
and asked for the WCAG 2.0/2.1 A and AA rules. Used by ``tests/book/test_accessibility.py`` (every
built page) and ``tests/trainer/test_trainer_accessibility.py`` (the live trainer); they add this
folder (tests/) to ``sys.path`` and ``import accessibility``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_VERSION = "4.10.3"
AXE = Path(__file__).resolve().parent / "book" / "vendor" / f"axe-core-{AXE_VERSION}" / "axe.min.js"
#: The rules of WCAG 2.1 level AA (axe's tags for 2.0 and 2.1, levels A and AA).
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: The impacts that fail a page.
BLOCKING = ("serious", "critical")

_RUN_AXE = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: (n.failureSummary || '').slice(0, 300),
                              html: n.html.slice(0, 200)})),
  }));
}"""

#: Every button, and every widget's label, whose text is cut off: [its text, width, needed].
CLIPPED_BUTTONS_JS = """() => [...document.querySelectorAll(
    'button, .widget-button, .widget-toggle-button, .widget-label, .widget-label-basic')]
  .filter(b => b.offsetParent !== null && b.clientWidth > 0 && (b.innerText || '').trim())
  .filter(b => b.scrollWidth > b.clientWidth + 1 || [...b.querySelectorAll('*')].some(
      c => c.clientWidth > 0 && c.scrollWidth > c.clientWidth + 1))
  .map(b => [(b.innerText || '').trim().slice(0, 80), b.clientWidth, b.scrollWidth])"""

#: Every element matching the selector, and the page itself, that is wider than its box or the
#: window: [what, its width, the room it has].
OVERFLOW_JS = """(selector) => {
  const out = [];
  const root = document.scrollingElement || document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) out.push(['the page', root.scrollWidth, root.clientWidth]);
  for (const el of document.querySelectorAll(selector)) {
    if (el.offsetParent === null) continue;
    const r = el.getBoundingClientRect();
    const name = el.className.toString().split(' ').filter(c => c.startsWith('gl-'))[0] || el.tagName;
    if (el.scrollWidth > el.clientWidth + 1) out.push([name + ' (content)', el.scrollWidth, el.clientWidth]);
    if (r.right > window.innerWidth + 1) out.push([name + ' (right edge)', Math.round(r.right), window.innerWidth]);
  }
  return out;
}"""


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """Every WCAG 2.1 A/AA violation axe-core finds in ``page`` as it is now (all impacts)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result: list[dict[str, Any]] = page.evaluate(_RUN_AXE, WCAG_21_AA)
    return result


def blocking(violations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The violations that fail a page: serious or critical."""
    return [v for v in violations if v["impact"] in BLOCKING]


def describe(where: str, violations: list[dict[str, Any]]) -> str:
    """A readable account of ``violations``: each rule, its impact, and up to three of its elements."""
    lines = [f"{where}:"]
    for v in violations:
        lines.append(f"  [{v['impact']}] {v['id']}: {v['help']} ({len(v['nodes'])} element(s))")
        for n in v["nodes"][:3]:
            lines.append(f"      {n['target']}: {n['html']}")
            lines.append(f"        {n['summary']}".replace("\n", " "))
    return "\n".join(lines)
