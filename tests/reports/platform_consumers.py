"""The programs that read the tutor's platform reports, reimplemented from
their source, so tests read each output the way its consumer does.

- GitHub Classroom's reporter: classroom-resources/autograding-grading-reporter
  at 43c2d9f (src/main.js, src/notify-classroom.js, src/console-results.js,
  src/aggregate-results.js, src/helpers/test-helpers.js).
- GitHub Actions' runner, reading workflow commands out of a job's log:
  actions/runner at 258d6c8 (src/Runner.Worker/ActionCommandManager.cs,
  src/Runner.Common/ActionCommand.cs); the escaping its toolkit writes:
  actions/toolkit, packages/core/src/command.ts; how .NET finds the separator
  on Linux: icu_search.py.
- GitHub's Markdown (the job summary): markdown-it-py's "gfm-like" preset
  (CommonMark with HTML, GFM tables, strikethrough, linkify).
"""

from __future__ import annotations

import base64
import json
import re

import icu_search
from markdown_it import MarkdownIt

# ------------------------------------------------------------ GitHub Classroom


def reporter_runner_results(env: dict, runners: str) -> list[dict]:
    """src/main.js lines 6-13: for each comma-separated runner (step id),
    env[`${runner.trim().toUpperCase()}_RESULTS`], base64-decoded, parsed."""
    out = []
    for runner in runners.split(","):
        encoded = env[f"{runner.strip().upper()}_RESULTS"]
        text = base64.b64decode(encoded).decode("utf-8")  # Buffer.from(encoded, "base64").toString("utf-8")
        out.append({"runner": runner, "results": json.loads(text)})
    return out


def reporter_posted(runner_results: list[dict]) -> tuple[float, float] | None:
    """src/notify-classroom.js lines 6-21: the grade it posts: the sum of
    every test's score out of the sum of max_score, over runners whose
    max_score is truthy; nothing (None) when that sum is 0."""
    total = maximum = 0.0
    for item in runner_results:
        results = item["results"]
        if not results.get("max_score"):
            continue  # line 8: `if (!results.max_score) return acc;`
        maximum += results["max_score"]
        for test in results["tests"]:  # lines 11-13: `acc.totalPoints += score` (undefined would make NaN)
            score = test.get("score")
            total += score if isinstance(score, (int, float)) and not isinstance(score, bool) else float("nan")
    if not maximum:
        return None
    return total, maximum


def reporter_table_score(results: dict) -> float:
    """src/helpers/test-helpers.js lines 1 and 11-18 (getTestScore), what the
    log's table shows: passed tests / all tests x (max_score || 0)."""
    tests = results["tests"]
    passed = sum(1 for t in tests if t.get("status") == "pass")
    return passed / len(tests) * (results.get("max_score") or 0) if tests else float("nan")


def js_string(value) -> str:
    """JavaScript's `${value}` for what JSON can hold (and undefined)."""
    if value is None:
        return "undefined"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def reporter_log(runner_results: list[dict]) -> list[str]:
    """src/console-results.js lines 10-53: the lines it prints into the job
    log (colours left out; they come before the text, so what a line starts
    with is the same)."""
    out = []
    for index, item in enumerate(runner_results):
        runner, results = item["runner"], item["results"]
        if index > 0:
            out.append("\U0001f680" * 24)
        out.append(f"\U0001f504 Processing: {runner}")
        for test in results["tests"]:
            line_no = test.get("line_no")
            where = f" - line {js_string(line_no)}" if line_no != 0 else ""  # `test.line_no !== 0`
            if test.get("status") == "pass":
                text = f"\u2705 {js_string(test.get('name'))}{where}"
            elif test.get("status") == "error":
                text = f"Error: {test.get('message') or 'Failed to run test ' + repr(test.get('name'))}\n"
            else:
                text = f"\u274c {js_string(test.get('name'))}{where}"
            out.extend(text.split("\n"))
            if test.get("test_code"):
                out.extend(f"Test code:\n{test['test_code']}\n".split("\n"))
    return out


# -------------------------------------------------------- GitHub Actions runner

# Invisible characters: ICU's culture-sensitive matching (which .NET uses for
# string.StartsWith / IndexOf) skips them, so the runner may too.
IGNORABLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
                       "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]")


def runner_lines(text: str) -> list[str]:
    """How the runner reads a process's output: line by line (.NET's
    ReadLine ends a line at \\n, \\r or \\r\\n)."""
    return re.split(r"\r\n|\r|\n", text)


def runner_command(line: str):
    """ActionCommand.TryParseV2 (lines 51-119) then TryParse (121-189), with
    every command name taken as registered (stricter than the runner):
    (name, properties, data) or None. The separator that ends a command's
    properties is found by a culture-sensitive ``IndexOf``, which .NET answers
    by an ordinal fast path or by ICU depending on the line (icu_search.py):
    where ICU can be loaded, both are asked, and a line they read apart fails
    the test that reads it."""
    ordinal = _runner_command(line, str.find)
    if icu_search.available():
        culture = _runner_command(line, icu_search.index_of)
        assert culture == ordinal, f"the runner reads {line!r} two ways: {ordinal!r} and {culture!r}"
    return ordinal


def _runner_command(line: str, index_of):
    probe = IGNORABLE.sub("", line).lstrip()  # `message.TrimStart()`, and what ICU would skip
    if probe.startswith("::"):
        end = index_of(probe, "::", 2)
        if end >= 0:
            info = probe[2:end]
            name, _, props = info.partition(" ")
            properties = {}
            for pair in filter(None, props.strip().split(",")):
                key, sep, value = pair.partition("=")
                if sep and key and value:
                    properties[key] = unescape_property(value)
            return name, properties, unescape_data(probe[end + 2:])
    start = probe.find("##[")  # TryParse: `message.IndexOf(Prefix)` anywhere in the line
    if start >= 0 and probe.find("]", start) >= 0:
        return probe[start + 3:probe.find("]", start)].split(" ")[0], {}, probe[probe.find("]", start) + 1:]
    if probe.find("##vso[") >= 0:  # Azure Pipelines' agent finds its prefix anywhere, too
        return "vso", {}, probe
    return None


def unescape_data(text: str) -> str:
    """ActionCommand.cs `_escapeDataMappings` (lines 18-23), replaced in that order."""
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def unescape_property(text: str) -> str:
    """ActionCommand.cs `_escapePropertyMappings` (lines 25-32), in that order."""
    return (text.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":").replace("%2C", ",")
            .replace("%25", "%"))


def toolkit_escape_data(text: str) -> str:
    """actions/toolkit packages/core/src/command.ts lines 103-108, escapeData."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def toolkit_escape_property(text: str) -> str:
    """command.ts lines 110-117, escapeProperty."""
    return toolkit_escape_data(text).replace(":", "%3A").replace(",", "%2C")


def commands_in(text: str) -> list[tuple]:
    return [c for c in (runner_command(line) for line in runner_lines(text)) if c is not None]


# ------------------------------------------------------------------ Markdown

MARKUP = {"html_inline", "html_block", "link_open", "image", "code_inline", "code_block", "fence", "em_open",
          "strong_open", "s_open", "blockquote_open", "bullet_list_open", "ordered_list_open",
          "hr", "math_inline", "footnote_ref"}


def markdown_tokens(text: str):
    return MarkdownIt("gfm-like").parse(text)


def all_tokens(tokens):
    for token in tokens:
        yield token
        yield from all_tokens(token.children or [])


def tables(text: str) -> list[dict]:
    """Each table: {"head": [cell texts], "rows": [[cell inline tokens]]}."""
    out, current, section = [], None, None
    for token in markdown_tokens(text):
        if token.type == "table_open":
            current = {"head": [], "rows": []}
        elif token.type in ("thead_open", "tbody_open"):
            section = token.type
        elif token.type == "tr_open" and current is not None and section == "tbody_open":
            current["rows"].append([])
        elif token.type == "inline" and current is not None:
            if section == "thead_open":
                current["head"].append(token.content)
            else:
                current["rows"][-1].append(token)
        elif token.type == "table_close":
            out.append(current)
            current = None
    return out


def cell_text(token) -> str:
    """What a cell shows, as text (zero-width spaces dropped)."""
    return "".join(c.content for c in token.children if c.type in ("text", "text_special")).replace("\u200b", "")
