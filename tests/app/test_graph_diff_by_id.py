"""A failed graph check's diff is found by the check's id, never by its label:
labels are translated, so matching "graph of y" lost the diff in Chinese.
Both the app's result screen and the text that ``check``/``watch``/%check
print, in English and in Chinese."""

from __future__ import annotations

from functools import partial

import pytest
from app_fakes import fake_grade
from app_support import PACK, started, wait_for

WIDE = (160, 45)
LABELS = {"en": "graph of y", "zh": "y 的计算图"}  # what the grader names the check in each language


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_result_screen_shows_the_graph_diff(make_app, lang):
    app = make_app(lang=lang, grade=partial(fake_grade, label=LABELS[lang]))
    async with app.run_test(size=WIDE) as pilot:
        await started(pilot)
        await pilot.press("ctrl+t")
        await wait_for(pilot, lambda: type(app.screen).__name__ == "CheckScreen")
        await pilot.pause()
        expected = str(app.screen.query_one("#diff-expected-c1").render())
        yours = str(app.screen.query_one("#diff-yours-c1").render())
        assert "Leaf b" in expected and "✗" in yours and "y = Mul" in yours


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_printed_verdict_shows_the_graph_diff(lang):
    from tutor.commands.checking import render
    from tutor.i18n import set_language
    from tutor.pack import load_pack

    set_language(lang)
    exercise = load_pack(PACK).exercise("linear-gradients")
    result = fake_grade(exercise, "y = w * x\n", label=LABELS[lang])
    text = render(result, exercise, lang, width=100)
    heading = {"en": "graph of y (", "zh": "y 的计算图（"}[lang]
    assert heading in text, text
    assert "Leaf b" in text and "y = Mul" in text


def test_only_failed_graph_checks_have_figures():
    from tutor.graphdiff import failed_graph_figures
    from tutor.pack import load_pack

    exercise = load_pack(PACK).exercise("linear-gradients")
    failing = failed_graph_figures(exercise, fake_grade(exercise, "y = w * x\n"))
    assert [(f.check_id, f.root) for f in failing] == [("c1", "y")]
    assert failed_graph_figures(exercise, fake_grade(exercise, "y = w * x + b\ny.backward()\n")) == []
