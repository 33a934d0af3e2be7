"""The class report's plots, drawn by pygal as SVG to put inline in the page.

pygal builds the SVG with an XML tree and serializes it, so every label is
escaped by the XML serializer. What pygal would add for its interactive
mode is taken out of the tree before it is serialized (pygal's own
xml filter hook): the scripts (its config, and a tooltip script it
would load from the web) and its comments (one holds today's date, which
would make the same class give a different page every day). The page needs
no script and loads nothing: it opens offline.

pygal is the ``report`` extra (``pip install 'autograd-tutor[report]'``):
importing this module without it raises ImportError, which the command
turns into one line.
"""

from __future__ import annotations

import pygal
from pygal.style import Style

from tutor.reports.classpage import ClassSummary

_STYLE = Style(
    background="transparent",
    plot_background="#ffffff",
    foreground="#1f2328",
    foreground_strong="#1f2328",
    foreground_subtle="#57606a",
    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', sans-serif",
    value_font_family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', sans-serif",
    colors=("#2f6fbe", "#cf4b2f"),
    label_font_size=12,
    major_label_font_size=12,
    value_font_size=12,
    title_font_size=15,
    opacity=".9",
    opacity_hover=".9",
    transition="0ms",
)
_COMMON = dict(
    style=_STYLE,
    js=[],  # no tooltip script from the web
    disable_xml_declaration=True,  # the SVG goes inside an HTML page
    explicit_size=False,  # scales with the page (viewBox only)
    show_legend=False,
    print_values=True,
    pretty_print=False,
)


def _offline(root):
    """pygal's xml filter: drop every script and comment from the tree."""
    for parent in list(root.iter()):
        for child in list(parent):
            tag = child.tag if isinstance(child.tag, str) else ""
            if tag.rsplit("}", 1)[-1] == "script" or not isinstance(child.tag, str):
                parent.remove(child)
    return root


def _render(chart, uuid: str) -> str:
    chart.add_xml_filter(_offline)
    chart.uuid = uuid  # a stable id (pygal draws a random one): the same class gives the same page
    return chart.render(is_unicode=True)


def histogram(summary: ClassSummary) -> str:
    """Submissions per score band (percent of the maximum score)."""
    counts = [n for _, _, n in summary.histogram]
    step = max(1, -(-max(counts + [1]) // 8))  # at most about 8 whole-number ticks
    chart = pygal.Bar(
        **_COMMON, title="Score distribution (submissions per band, % of max score)",
        width=760, height=360, x_title="score (% of max)", y_title="submissions", print_zeroes=False,
        x_labels=[f"{lo:g}\u2013{hi:g}" for lo, hi, _ in summary.histogram],
        y_labels=list(range(0, max(counts + [1]) + step, step)), value_formatter=lambda v: f"{v:g}",
    )
    chart.add("submissions", counts)
    return _render(chart, "agt-score-histogram")


def pass_rates(summary: ClassSummary) -> str:
    """Percent of the graded submissions that passed, per exercise (pack order, top to bottom)."""
    exercises = list(reversed(summary.exercises))  # pygal draws a horizontal bar chart bottom-up
    chart = pygal.HorizontalBar(
        **_COMMON, title="Pass rate per exercise (% of graded submissions)",
        width=760, height=max(200, 90 + 22 * len(exercises)),
        range=(0, 100), x_labels=[e.id for e in exercises], truncate_label=-1,
        value_formatter=lambda v: f"{v:.0f}%",
    )
    chart.add("pass rate", [round(e.pass_rate, 1) if e.pass_rate is not None else None for e in exercises])
    return _render(chart, "agt-pass-rates")
