"""The class report (classpage.ClassSummary) as a page and as Markdown.

Both come from Jinja2 templates shipped in tutor/reports/templates/, and in
both the template engine escapes every value, so no value can be left
unescaped by a forgotten filter:

- the HTML page has autoescape on: everything from a report is text, never
  markup. The only markup put in is the plots' SVG, which pygal built as an
  XML tree (its labels escaped by the XML serializer, its scripts removed:
  classplots.py). A Content-Security-Policy allows no script and no
  request, so the page opens offline and stays inert;
- the Markdown output's ``finalize`` turns every string value into a code
  span (no emphasis, no link, no raw HTML can come out of it, and a `|`
  or a newline cannot break the table it stands in). Numbers and the words
  the template's own filters make pass as they are.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2

from tutor import __version__
from tutor.grade import sanitize
from tutor.reports.classpage import ClassSummary

# Students named per reason, run or fault on the page (the rest are counted).
MAX_NAMES = 100
MAX_RUNS = 1000


class Md(str):
    """Markdown the renderer made itself (a number, a word): passes ``finalize`` as it is."""


def html(summary: ClassSummary) -> str:
    """The self-contained HTML page: inline CSS and SVG, no script, nothing loaded."""
    from markupsafe import Markup

    from tutor.reports import classplots

    plots = {
        # pygal's SVG: built as an XML tree, labels escaped by its serializer (module docstring).
        "histogram": Markup(classplots.histogram(summary)),
        "pass_rates": Markup(classplots.pass_rates(summary)),
    }
    return _environment("html").get_template("class_report.html.j2").render(
        s=summary, plots=plots, version=__version__, max_names=MAX_NAMES, max_runs=MAX_RUNS)


def markdown(summary: ClassSummary) -> str:
    """GitHub-flavoured Markdown: a summary, then tables only."""
    return _environment("markdown").get_template("class_report.md.j2").render(
        s=summary, version=Md(__version__), max_runs=MAX_RUNS)


@lru_cache(maxsize=None)
def _environment(kind: str) -> jinja2.Environment:
    loader = jinja2.PackageLoader("tutor.reports", "templates")
    if kind == "html":
        env = jinja2.Environment(loader=loader, autoescape=True, undefined=jinja2.StrictUndefined,
                                 trim_blocks=True, lstrip_blocks=True)
        env.filters.update(num=_num, pct=_pct)
    else:
        env = jinja2.Environment(loader=loader, autoescape=False, undefined=jinja2.StrictUndefined,
                                 trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                                 finalize=_md_finalize)
        env.filters.update(num=lambda v: Md(_num(v)), pct=lambda v: Md(_pct(v)))
    return env


def _num(value) -> str:
    if value is None:
        return "n/a"
    return f"{round(float(value), 2):g}"


def _pct(value) -> str:
    return "n/a" if value is None else f"{float(value):.0f}%"


def _md_finalize(value) -> str:
    if isinstance(value, Md):
        return value
    if value is None:
        return ""
    if isinstance(value, bool):
        return Md("yes" if value else "no")
    if isinstance(value, (int, float)):
        return Md(_num(value))
    return md_code(str(value))


def md_code(text: str) -> str:
    """``text`` as one Markdown code span that a table cell can hold.

    In a code span nothing is markup (no emphasis, link, autolink or HTML);
    a newline would end the table row, so it becomes a space; a `|` would
    end the cell, so it is escaped (GFM: `\\|` is a pipe even inside a code
    span in a table); the fence is one backtick longer than any run of
    backticks inside."""
    text = sanitize.text(text, limit=None)
    text = " ".join(text.split("\n")).replace("\t", " ").replace("\u2028", " ").replace("\u2029", " ")
    if not text.strip():
        return Md("")
    text = text.replace("|", "\\|")
    longest, run = 0, 0
    for char in text:
        run = run + 1 if char == "`" else 0
        longest = max(longest, run)
    fence = "`" * (longest + 1)
    if text[0] in "` " or text[-1] in "` ":
        text = f" {text} "
    return Md(f"{fence}{text}{fence}")
