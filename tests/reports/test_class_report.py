"""`autograd-tutor report`: the class report, read back by real consumers.

A small class is graded once by the real grader (reference solutions,
starters, a missing file, a second backward() that the feedback names as a
misconception, an endless loop under `--timeout 2`, and students whose names,
printed output, exception messages and exception class names are hostile
HTML and Markdown). The page is opened in a real headless chromium; the
Markdown is parsed by markdown-it-py."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from class_report_browser import Visit, launch, png_pixels, why_no_browser

from support import REPO, run_cli

NASTY = "\udc80 \x01\x0b \x1b[2J\x1b]0;title\x07 \r::error::pwned\n::error file=x::pwned\n##[error]pwned\n##vso[task.complete]x\n"
SCRIPT = "<script>window.__pwned=1</script>"
IMG = "<img src=http://evil/x onerror=window.__pwned=2>"
HOSTILE = (f"{SCRIPT}{IMG}</svg></table><svg onload=window.__pwned=3> | pipe\nnext | row | [link](http://evil/y) "
           "*em* `tick` ``two`` www.evil.example <!-- c --> &amp;")
HOSTILE_NAME = "<img src=x onerror=window.__pwned=4> | [n](http:evil.example) *x* www.evil.example"  # no "/": a folder name
NASTY_NAME = "nasty " + NASTY
# NOTE [names shown apart]: a name alike to carol's once its invisible mark
# is drawn as nothing, and a name that is not UTF-8 (written as the byte 0xff)
LOOKALIKE, NOT_UTF8 = "carol\u202e", "bytes\udcff"
PREDICT = """\
id: predict-values
title: Predict the values
prompt: Set a and b.
starter: |
  a = 0.0
  b = 0.0
solution: |
  a = 1.0
  b = 2.0
checks:
  - kind: value
    expr: a
  - kind: value
    expr: b
"""
SQUARE, PREDICT_ID = "square-gradient", "predict-values"


def _students(pack: Path) -> dict[str, dict[str, str]]:
    solution = (pack / "exercises" / "square-gradient.py").read_text()
    return {
        "alice": {SQUARE: solution, PREDICT_ID: "a = 1.0\nb = 2.0\n"},
        "bob": {SQUARE: "y = (x ** 2).sum()\n", PREDICT_ID: "a = 0.0\nb = 0.0\n"},  # the starters
        "carol": {PREDICT_ID: "a = 1.0\nb = 2.0\n"},  # square-gradient.py missing
        "dave": {SQUARE: "y = (x ** 2).sum()\ny.backward()\ny.backward()\n"},  # backward-twice
        "erin": {SQUARE: "while True:\n    pass\n"},  # timeout
        HOSTILE_NAME: {
            SQUARE: f"print({'</svg><script>window.__pwned=5</script>' + NASTY!r})\nclass E(Exception):\n    pass\n"
                    f"E.__name__ = {'<svg onload=window.__pwned=6>'!r}\nraise E({HOSTILE + NASTY!r})\n",
            PREDICT_ID: f"a = {HOSTILE!r}\nb = 2.0\n",
        },
        LOOKALIKE: {SQUARE: "raise ValueError('lookalike')\n"},
        NOT_UTF8: {SQUARE: "raise ValueError('not utf-8')\n"},
        NASTY_NAME: {SQUARE: f"print({NASTY!r})\nraise ValueError({NASTY + SCRIPT!r})\n",
                     PREDICT_ID: "a = 0.0\nb = 0.0\n"},
    }


def _report(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return run_cli("report", *args, env=env, timeout=120)


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    base = tmp_path_factory.mktemp("class-report")
    pack = base / "pack"
    made = run_cli("pack", "new", str(pack), "--id", "report-pack")
    assert made.returncode == 0, made.stderr
    (pack / "exercises" / f"{PREDICT_ID}.yaml").write_text(PREDICT)
    lesson = pack / "lessons" / "01-first-lesson.yaml"
    lesson.write_text(lesson.read_text().replace(f"  - {SQUARE}\n", f"  - {SQUARE}\n  - {PREDICT_ID}\n"))
    subs = base / "subs"
    for name, files in _students(pack).items():
        folder = subs / name
        folder.mkdir(parents=True)
        for ex_id, code in files.items():
            (folder / f"{ex_id}.py").write_text(code, encoding="utf-8", errors="surrogatepass")
    out = base / "out"
    graded = run_cli("grade", str(subs), "--pack", str(pack), "--json", str(out / "class.json"), "--timeout", "2",
                     "--jobs", "2", timeout=600)
    assert graded.returncode == 0, graded.stderr[-3000:]
    single = run_cli("grade", str(subs / "bob"), "--pack", str(pack), "--json", str(out / "bob.json"), "--jobs", "2")
    assert single.returncode == 0, single.stderr[-3000:]
    proc = _report(str(out / "class.json"), "--html", str(out / "class.html"), "--markdown", str(out / "class.md"))
    data = json.loads((out / "class.json").read_text(encoding="utf-8"))
    return {"base": base, "out": out, "pack": pack, "json": out / "class.json", "data": data, "proc": proc,
            "html": out / "class.html", "md": out / "class.md"}


def _by_name(data: dict) -> dict[str, dict]:
    return {s["submission"]: s for s in data["submissions"]}


def _status_counts(data: dict) -> dict[str, dict[str, int]]:
    """Per exercise, per status, from the JSON itself (grader faults apart)."""
    out: dict[str, dict[str, int]] = {}
    for sub in data["submissions"]:
        for ex in sub["exercises"]:
            key = "faults" if ex.get("fault") == "grader" else ex["status"]
            out.setdefault(ex["id"], {}).setdefault(key, 0)
            out[ex["id"]][key] += 1
    return out


def _variant(klass, name: str, change) -> Path:
    data = copy.deepcopy(klass["data"])
    change(data)
    path = klass["out"] / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


# ------------------------------------------------------------------ the class graded as intended


def test_the_class_was_graded_as_the_tests_expect(klass):
    subs = _by_name(klass["data"])
    assert {e["id"]: e["status"] for e in subs["alice"]["exercises"]} == {SQUARE: "passed", PREDICT_ID: "passed"}
    dave = {e["id"]: e for e in subs["dave"]["exercises"]}
    assert dave[SQUARE]["status"] == "error" and dave[SQUARE]["misconception"] == "backward-twice"
    assert {e["id"]: e["status"] for e in subs["erin"]["exercises"]}[SQUARE] == "timeout"
    assert {e["id"]: e["status"] for e in subs["carol"]["exercises"]}[SQUARE] == "missing"
    hostile = {e["id"]: e for e in subs[HOSTILE_NAME]["exercises"]}
    assert SCRIPT in hostile[SQUARE]["error"] and "<svg onload=window.__pwned=6>" in hostile[SQUARE]["error"]


def test_report_writes_both_files_quietly(klass):
    proc = klass["proc"]
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "" and proc.stdout == ""
    assert klass["html"].stat().st_size > 0 and klass["md"].stat().st_size > 0


def test_the_page_is_self_contained(klass):
    text = klass["html"].read_text(encoding="utf-8")
    assert "<script" not in text.lower()
    for needle in ("http://evil", "https://", "//kozea", "googleapis", "@import", "url("):
        for line in text.splitlines():
            if needle in line:  # only ever as escaped text a student wrote, never an attribute
                assert "&lt;" in line or "&#" in line or needle == "http://evil", line
    assert 'src="' not in text and "src='" not in text
    assert text.count("<svg") == 2  # the two plots, nothing a student wrote


def test_same_class_same_page(klass, tmp_path):
    again = tmp_path / "again.html"
    proc = _report(str(klass["json"]), "--html", str(again))
    assert proc.returncode == 0, proc.stderr
    assert again.read_bytes() == klass["html"].read_bytes()


# ------------------------------------------------------------------ in a real browser


@pytest.fixture(scope="module")
def browser():
    missing = why_no_browser()
    if missing:
        pytest.skip(f"no headless browser for the class report's page: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture(scope="module")
def page_visit(klass, browser):
    visit = Visit(browser, klass["html"])
    yield visit
    visit.close()


def test_browser_harness_sees_requests_and_scripts(browser, tmp_path):
    """The harness itself can fail: it sees a request to elsewhere, and a script that runs."""
    bait = tmp_path / "bait.html"
    bait.write_text('<!DOCTYPE html><img src="http://127.0.0.1:9/x.png"><script>window.__pwned = 7</script>')
    visit = Visit(browser, bait)
    try:
        assert any(u.startswith("http://127.0.0.1:9/") for u in visit.requests), visit.requests
        assert visit.page.evaluate("window.__pwned") == 7
    finally:
        visit.close()


def test_plots_render(page_visit, tmp_path):
    page = page_visit.page
    for figure in ("#plot-histogram", "#plot-pass-rates"):
        box = page.locator(f"{figure} svg").bounding_box()
        assert box and box["width"] > 200 and box["height"] > 100, (figure, box)
        bars = page.locator(f"{figure} svg rect.rect")
        assert bars.count() >= 1
        assert any((bars.nth(i).bounding_box() or {}).get("width", 0) > 0 for i in range(bars.count()))
    shot = tmp_path / "plots.png"
    page.locator("#plot-pass-rates").screenshot(path=str(shot))
    page.screenshot(path=str(tmp_path / "page.png"), full_page=True)
    _, _, pixels = png_pixels(shot.read_bytes())
    colours = {p[:3] for p in pixels}
    assert len(colours) > 10, "the plot area is (nearly) one colour"
    bar_blue = sum(1 for r, g, b, *_ in pixels if b > r + 80 and b > g + 30)
    assert bar_blue > 200, f"no bar drawn in the plot ({bar_blue} bar-coloured pixels)"


def test_no_request_leaves_the_file(page_visit):
    assert page_visit.requests == [page_visit.url], page_visit.requests


def test_no_submission_markup_becomes_an_element(page_visit):
    page = page_visit.page
    assert page.evaluate("typeof window.__pwned") == "undefined"
    assert page.locator("script").count() == 0
    assert page.locator("img").count() == 0
    assert page.locator("svg").count() == 2
    assert page.locator("[onerror], [onload]").count() == 0
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
    assert hrefs and all(h.startswith("#") for h in hrefs), hrefs
    # ...and the students' text is on the page, as text
    body = page.inner_text("body")
    assert SCRIPT in body and "<svg onload=window.__pwned=6>" in body and HOSTILE_NAME in body


def test_page_without_its_csp_is_still_inert(klass, browser, tmp_path):
    """Escaping, not the Content-Security-Policy, keeps the students' markup text."""
    text = klass["html"].read_text(encoding="utf-8")
    start = text.index('<meta http-equiv="Content-Security-Policy"')
    bare = tmp_path / "no-csp.html"
    bare.write_text(text[:start] + text[text.index(">", start) + 1:], encoding="utf-8")
    visit = Visit(browser, bare)
    try:
        assert visit.page.evaluate("typeof window.__pwned") == "undefined"
        assert visit.page.locator("script, img, [onerror], [onload]").count() == 0
        assert visit.requests == [visit.url], visit.requests
    finally:
        visit.close()


def test_exercise_rows_and_counts_match_the_json(klass, page_visit):
    page = page_visit.page
    expected = _status_counts(klass["data"])
    rows = page.locator("tr.exercise-row")
    assert rows.count() == len(expected)
    seen = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        ex_id = row.get_attribute("data-exercise")
        seen[ex_id] = {s: int(row.locator(f"td[data-col={s}]").inner_text()) for s in
                       ("passed", "failed", "error", "timeout", "missing", "faults")}
        counts = expected[ex_id]
        graded = sum(v for k, v in counts.items() if k != "faults")
        assert row.locator("td[data-col=pass-rate]").inner_text() == f"{100 * counts.get('passed', 0) / graded:.0f}%"
    assert seen == {ex: {s: c.get(s, 0) for s in ("passed", "failed", "error", "timeout", "missing", "faults")}
                    for ex, c in expected.items()}
    assert page.inner_text("[data-stat=size]") == str(len(klass["data"]["submissions"]))
    assert page.inner_text("#isolation") == klass["data"]["isolation"]


def test_failure_reasons_are_grouped_by_misconception_then_check(klass, page_visit):
    page = page_visit.page
    square = page.locator(f"section.exercise[data-exercise={SQUARE}]")
    twice = square.locator("tr.reason[data-kind=misconception][data-reason=backward-twice]")
    assert twice.count() == 1 and twice.get_attribute("data-count") == "1"
    assert "dave" in twice.locator(".names").text_content()
    assert "backward" in twice.locator(".message").text_content()
    timed_out = square.locator("tr.reason[data-kind=status][data-reason='timed out']")
    assert timed_out.get_attribute("data-count") == "1" and "erin" in timed_out.locator(".names").text_content()
    # failed runs without a misconception: one reason per failing check, by name and kind
    predict = page.locator(f"section.exercise[data-exercise={PREDICT_ID}]")
    failed_a = [s["submission"] for s in klass["data"]["submissions"] for e in s["exercises"]
                if e["id"] == PREDICT_ID and e["status"] == "failed"
                and any(c["name"] == "value of a" and not c["passed"] for c in e["checks"])]
    check_a = predict.locator("tr.reason[data-kind=check][data-reason='value of a (value)']")
    assert failed_a and check_a.get_attribute("data-count") == str(len(failed_a))
    counts = [int(c) for c in predict.locator("tr.reason").evaluate_all("rs => rs.map(r => r.dataset.count)")]
    assert counts == sorted(counts, reverse=True)  # most common first


def test_timeouts_crashes_and_isolation_are_shown(klass, page_visit):
    page = page_visit.page
    runs = page.locator("#cut-short tr.run")
    expected = sorted((s["submission"], e["id"], e["status"]) for s in klass["data"]["submissions"]
                      for e in s["exercises"] if e["status"] in ("timeout", "error") and not e.get("fault"))
    got = sorted(tuple(runs.nth(i).locator("td").nth(k).text_content() for k in range(3)) for i in range(runs.count()))
    assert got == expected
    assert ("erin", SQUARE, "timeout") in got and ("dave", SQUARE, "error") in got
    assert page.locator("#faults tr.fault").count() == 0
    assert page.locator("#partial").count() == 0


def test_each_student_is_shown_apart(klass, page_visit):
    """The page names each student as the JSON does, one to one: the
    look-alike of carol and the name that is not UTF-8 show escaped, as
    text, and no invisible mark reaches the page."""
    names = [s["submission"] for s in klass["data"]["submissions"]]
    assert len(set(names)) == len(names), names
    lookalike = [n for n in names if n.startswith("carol") and n != "carol"]
    not_utf8 = [n for n in names if n.startswith("bytes")]
    assert len(lookalike) == 1 and len(not_utf8) == 1, names
    assert lookalike[0].isprintable() and not_utf8[0].isprintable(), (lookalike, not_utf8)
    runs = page_visit.page.locator("#cut-short tr.run")
    shown = {runs.nth(i).locator("td").nth(0).text_content() for i in range(runs.count())}
    assert {lookalike[0], not_utf8[0]} <= shown, shown
    body = page_visit.page.inner_text("body")
    assert "\u202e" not in body and "\ufffd" not in body


def test_a_long_name_wraps_and_the_page_keeps_its_width(klass, browser, tmp_path):
    """A folder name of 200 characters with no break in it, in the crashed runs' table and the
    grader faults' table, wraps: no column is pushed off the page."""
    long = "L" * 120 + "\u05d0\u05d1\u05d2" + "M" * 77

    def change(data):
        for sub in data["submissions"]:
            if sub["submission"] == "dave":
                sub["submission"] = long
                ex = next(e for e in sub["exercises"] if e["status"] == "error")
                ex["fault"] = "grader"
    html = tmp_path / "long.html"
    proc = _report(str(_variant(klass, "long.json", change)), "--html", str(html))
    assert proc.returncode == 0, proc.stderr
    visit = Visit(browser, html)
    try:
        page = visit.page
        assert long in page.inner_text("#cut-short") or long in page.inner_text("#faults")
        width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert width[0] <= width[1], width
    finally:
        visit.close()


def test_grader_faults_partial_and_a_new_isolation_mode(klass, browser, tmp_path):
    def change(data):
        data["partial"] = True
        data["isolation"] = "userns-container"
        for sub in data["submissions"]:
            sub["isolation"] = "userns-container"
            if sub["submission"] == "alice":
                ex = next(e for e in sub["exercises"] if e["id"] == PREDICT_ID)
                ex.update(status="error", fault="grader", score=0.0,
                          error="not graded: the grader's own processes failed (not your code). Grade again.")
                for check in ex["checks"]:
                    check.update(passed=False, score=0.0, message=ex["error"])
    path = _variant(klass, "variant.json", change)
    html = tmp_path / "variant.html"
    proc = _report(str(path), "--html", str(html))
    assert proc.returncode == 0, proc.stderr
    visit = Visit(browser, html)
    try:
        page = visit.page
        assert page.locator("#partial").count() == 1
        assert page.inner_text("#isolation") == "userns-container"
        faults = page.locator("#faults tr.fault")
        assert faults.count() == 1 and "alice" in faults.inner_text() and PREDICT_ID in faults.inner_text()
        assert "alice" not in page.locator("#cut-short").inner_text()
        row = page.locator(f"tr.exercise-row[data-exercise={PREDICT_ID}]")
        counts = _status_counts(klass["data"])[PREDICT_ID]
        graded = sum(counts.values()) - 1
        assert row.locator("td[data-col=faults]").inner_text() == "1"
        assert row.locator("td[data-col=pass-rate]").inner_text() == f"{100 * (counts['passed'] - 1) / graded:.0f}%"
        assert page.locator("#fault-banner").count() == 1
    finally:
        visit.close()


# ------------------------------------------------------------------ Markdown


def _md_tokens(text: str):
    from markdown_it import MarkdownIt

    md = MarkdownIt("gfm-like")  # tables, strikethrough, and linkify: bare URLs would become links
    return md.parse(text)


def _tables(tokens) -> list[list[list[str]]]:
    """Each table as rows of cells, each cell the plain content of its inline token."""
    tables, row, cells, inside = [], None, None, False
    for tok in tokens:
        if tok.type == "table_open":
            tables.append([])
        elif tok.type == "tr_open":
            row = []
        elif tok.type in ("th_open", "td_open"):
            inside = True
        elif tok.type == "inline" and inside:
            row.append(tok)
        elif tok.type in ("th_close", "td_close"):
            inside = False
        elif tok.type == "tr_close":
            tables[-1].append(row)
    return tables


def _cell_text(tok) -> str:
    return "".join(c.content for c in tok.children or [])


def test_markdown_structure_survives_hostile_text(klass):
    tokens = _md_tokens(klass["md"].read_text(encoding="utf-8"))
    everything = list(tokens) + [c for t in tokens for c in (t.children or [])]
    types = {t.type for t in everything}
    assert not types & {"html_block", "html_inline", "link_open", "image", "em_open", "strong_open", "s_open"}, types
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert headings == ["Class report", "Score distribution", "Misconceptions the feedback named", "Exercises",
                        "Why students failed", "Runs that timed out or crashed",
                        "Grader faults (not the students' doing)"]
    data = klass["data"]
    summary, histogram, misconceptions, exercises, reasons, runs = _tables(tokens)
    width = {id(t): len(t[0]) for t in (summary, histogram, misconceptions, exercises, reasons, runs)}
    for table in (summary, histogram, misconceptions, exercises, reasons, runs):
        assert all(len(r) == width[id(table)] for r in table)
    # the exercise table: one row per exercise, counts as in the JSON
    counts = _status_counts(data)
    assert [_cell_text(r[0]) for r in exercises[1:]] == list(counts)
    for r in exercises[1:]:
        c = counts[_cell_text(r[0])]
        assert [_cell_text(x) for x in r[2:7]] == [str(c.get(s, 0)) for s in ("passed", "failed", "error", "timeout",
                                                                            "missing")]
    # the runs table: one row per timed-out or crashed run, every cell in its column
    expected = sorted((s["submission"], e["id"], e["status"]) for s in data["submissions"] for e in s["exercises"]
                      if e["status"] in ("timeout", "error"))
    assert sorted((_cell_text(r[0]), _cell_text(r[1]), _cell_text(r[2])) for r in runs[1:]) == expected
    hostile = [r for r in runs[1:] if _cell_text(r[0]) == HOSTILE_NAME]
    assert len(hostile) == 1 and all(c.type == "code_inline" for c in hostile[0][3].children)
    assert SCRIPT in _cell_text(hostile[0][3]) and "| pipe next | row" in _cell_text(hostile[0][3])
    # every reason row sits under a known exercise, with a count
    assert all(_cell_text(r[0]) in counts and _cell_text(r[3]).isdigit() for r in reasons[1:])


def test_markdown_of_merged_reports_equals_the_whole(klass, tmp_path):
    data = klass["data"]
    first = dict(data, submissions=data["submissions"][:3])
    second = dict(data, submissions=data["submissions"][3:])
    paths = []
    for i, part in enumerate((second, first)):  # out of order: merging sorts by name, as `grade merge` does
        paths.append(tmp_path / f"part{i}.json")
        paths[-1].write_text(json.dumps(part, ensure_ascii=False), encoding="utf-8")
    whole, merged = tmp_path / "whole.md", tmp_path / "merged.md"
    assert _report(str(klass["json"]), "--markdown", str(whole)).returncode == 0
    proc = _report(*map(str, paths), "--markdown", str(merged))
    assert proc.returncode == 0, proc.stderr
    assert merged.read_text() == whole.read_text()


def test_single_submission_report(klass, tmp_path):
    out = tmp_path / "bob.md"
    proc = _report(str(klass["out"] / "bob.json"), "--markdown", str(out), "--html", str(tmp_path / "bob.html"))
    assert proc.returncode == 0, proc.stderr
    tables = _tables(_md_tokens(out.read_text()))
    assert [_cell_text(c) for c in tables[0][2]] == ["submissions", "1"]


def test_an_empty_class_is_a_report_too(tmp_path):
    path = tmp_path / "empty.json"
    path.write_text('{"pack": "x", "submissions": []}')
    proc = _report(str(path), "--markdown", str(tmp_path / "e.md"), "--html", str(tmp_path / "e.html"))
    assert proc.returncode == 0, proc.stderr
    tables = _tables(_md_tokens((tmp_path / "e.md").read_text()))
    assert [_cell_text(c) for c in tables[0][2]] == ["submissions", "0"]


# ------------------------------------------------------------------ errors: one line, exit 2


def _one_line_error(proc, starts: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"autograd-tutor: {starts}"), proc.stderr


@pytest.mark.parametrize("content,words", [
    ("{not json", "not JSON"),
    ("[1, 2]", "not an object"),
    ('{"pack": "x"}', 'neither "submissions" nor "exercises"'),
    ('{"pack": "x", "submissions": {}}', '"submissions" is not a list'),
    ('{"pack": "x", "submissions": [{"score": 1, "max_score": 2, "exercises": [{"id": "a"}]}]}', 'no "status"'),
    ('{"pack": "x", "submissions": [{"score": "1", "max_score": 2, "exercises": []}]}', '"score" is not a number'),
    ('{"pack": "x", "score": 0, "max_score": 1, "exercises": [{"id": "a", "status": "failed", "score": 0, '
     '"max_score": 1, "checks": [{"name": "c"}]}]}', 'no "passed"'),
    ("", "not JSON"),
    ("[" * 100_000, "nested too deep"),
    ('{"pack": "x", "score": NaN, "max_score": 1, "exercises": []}', '"score" is not a number'),
])
def test_malformed_report_is_one_line(tmp_path, content, words):
    path = tmp_path / "bad.json"
    path.write_text(content)
    proc = _report(str(path), "--html", str(tmp_path / "out.html"))
    _one_line_error(proc, f"{path}: ")
    assert words in proc.stderr
    assert not (tmp_path / "out.html").exists()


def test_missing_file_and_folder_are_one_line(tmp_path):
    _one_line_error(_report(str(tmp_path / "nope.json"), "--html", str(tmp_path / "o.html")),
                    f"{tmp_path / 'nope.json'}: no such file")
    _one_line_error(_report(str(tmp_path), "--markdown", str(tmp_path / "o.md")), f"{tmp_path}: ")


def test_reports_of_two_packs_do_not_merge(klass):
    other = _variant(klass, "other-pack.json", lambda d: d.update(pack="another"))
    _one_line_error(_report(str(klass["json"]), str(other), "--markdown", "-"), f"{other}: graded with pack")


def test_no_output_asked_is_a_usage_error(klass):
    _one_line_error(_report(str(klass["json"])), "report: ")


def test_unwritable_output_is_one_line(klass):
    _one_line_error(_report(str(klass["json"]), "--html", str(klass["json"] / "x.html")), f"{klass['json']}/x.html: ")


def test_without_the_plotting_extra_html_is_one_line_and_markdown_works(klass, tmp_path):
    """pygal absent (None in sys.modules: Python's own way to make an import fail)."""
    code = "import sys; sys.modules['pygal'] = None; from tutor.cli import main; sys.exit(main(sys.argv[1:]))"

    def run(*args):
        return subprocess.run([sys.executable, "-c", code, "report", str(klass["json"]), *args],
                              capture_output=True, text=True, timeout=120, cwd=REPO, env=dict(os.environ))

    html = tmp_path / "x.html"
    proc = run("--html", str(html))
    _one_line_error(proc, "report: pygal is not installed")
    assert "pip install 'autograd-tutor[report]'" in proc.stderr and not html.exists()
    md = tmp_path / "x.md"
    proc = run("--markdown", str(md))
    assert proc.returncode == 0, proc.stderr
    assert md.read_text().startswith("# Class report")


# ------------------------------------------------------------------ the wheel ships the templates


def test_installed_wheel_writes_the_report(klass, tmp_path):
    import sysconfig
    import zipfile

    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(REPO)],
                   check=True, capture_output=True, text=True, timeout=300)
    (wheel,) = dist.glob("autograd_tutor-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"tutor/reports/templates/class_report.html.j2", "tutor/reports/templates/class_report.md.j2"} <= names
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    vpython = venv / "bin" / "python"
    site = Path(subprocess.run([vpython, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([vpython, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--ignore-installed",
                    str(wheel)], check=True, capture_output=True, text=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = tmp_path / "r.html"
    with tempfile.TemporaryDirectory() as cwd:
        proc = subprocess.run([venv / "bin" / "autograd-tutor", "report", str(klass["json"]), "--html", str(out)],
                              capture_output=True, text=True, cwd=cwd, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == klass["html"].read_bytes()
