"""The tutor in a real browser: ``autograd-tutor serve`` opened in Debian's
headless chromium (Playwright from PyPI), the screen read from the
websocket's terminal bytes (tests/serve/serve_support.py).

One server for the module, with ``--max-sessions 1``: a reload must get
its session back at the limit, and a second learner must be told the tutor
is full. The restart test runs a server of its own.
"""

from __future__ import annotations

import re
import time
from urllib.parse import urlsplit

import pytest
from serve_support import (
    PACK,
    Serve,
    Terminal,
    free_port,
    launch,
    session_processes,
    wait_gone,
    why_no_browser,
)

pytestmark = pytest.mark.timeout(900)

TASK = "Task: Gradients of w * x + b"
NEXT_TASK = "Task: Make a leaf"


@pytest.fixture(scope="module")
def browser():
    missing = why_no_browser()
    if missing:
        pytest.skip(f"no headless browser for the served tutor: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = launch(p)
        yield b
        b.close()


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    return tmp_path_factory.mktemp("served-home")


@pytest.fixture(scope="module")
def server(browser, home):
    serve = Serve(home, "--pack", PACK, "--device", "cpu", "--max-sessions", "1").start()
    yield serve
    assert serve.stop() == 0, serve.stderr()


class Tab:
    """One browser tab on the tutor: its requests, and its terminal."""

    def __init__(self, browser, *, width: int = 1400, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.terminal = Terminal(self.page)

    def open(self, url: str):
        return self.page.goto(url, wait_until="load")

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def close(self) -> None:
        self.context.close()


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.hostname}:{parts.port}"


def _only_local(tab: Tab, server: Serve) -> None:
    here = _origin(server.url)
    addresses = tab.requests + [ws.url for ws in tab.terminal.sockets]
    assert addresses and all(_origin(u) == here for u in addresses), addresses


def _ready(tab: Tab, task: str = TASK) -> None:
    tab.terminal.wait_for(task)
    tab.terminal.wait_for("kernel ready")
    tab.terminal.focus()


def _editor_has_the_keys(tab: Tab) -> None:
    """Keys sent before the editor has focus go elsewhere: a marker typed until it
    shows on line 1 proves the editor has them (its cursor at the start); it goes again."""
    marks = 0
    deadline = time.monotonic() + 120
    while not marks and time.monotonic() < deadline:
        tab.type("#")
        try:
            screen = tab.terminal.wait_until(lambda s: re.search(r"1  #+y = w \* x", s), "a marker in the editor",
                                             timeout=10)
        except AssertionError:
            continue  # that one went elsewhere: type another
        marks = len(re.search(r"1  (#+)y = w \* x", screen).group(1))
    assert marks, tab.terminal.text()
    tab.press(*["Backspace"] * marks)
    tab.terminal.wait_for("1  y = w * x")


COUNT_COLOURS = """async (png) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const colours = new Set();
  let notBackground = 0;
  for (let i = 0; i < data.length; i += 4) {
    const rgb = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    colours.add(rgb);
    if (rgb !== 0x0c181f) notBackground++;
  }
  return [colours.size, notBackground, canvas.width * canvas.height];
}"""


COUNT_COLOURS = """async (png) => {
  const image = new Image();
  image.src = "data:image/png;base64," + png;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const colours = new Set();
  let notBackground = 0;
  for (let i = 0; i < data.length; i += 4) {
    const rgb = (data[i] << 16) | (data[i + 1] << 8) | data[i + 2];
    colours.add(rgb);
    if (rgb !== 0x0c181f) notBackground++;
  }
  return [colours.size, notBackground, canvas.width * canvas.height];
}"""


def _down_a_line(tab: Tab, line: int) -> None:
    """The cursor to the start of the next line, for certain before typing on.

    Keys bound in the editor (the arrows) take their action only once the key
    has gone round the app's bindings, while typed characters go straight in:
    a line typed right after ArrowDown may land partly on the old line. A
    marker typed until it shows on the new line proves the cursor is there."""
    tab.press("ArrowDown")
    tab.type("#")
    tab.terminal.wait_for(f"{line}  #")
    tab.press("Backspace")
    tab.terminal.wait_for(f"{line}  #", gone=True)


def _drawn(tab: Tab, png: bytes) -> None:
    """The screenshot shows the app: many colours, and almost none of it the page's
    background (#0c181f). Counted by the browser itself, in a blank tab of its own."""
    import base64

    counter = tab.context.new_page()
    try:
        colours, drawn, total = counter.evaluate(COUNT_COLOURS, base64.b64encode(png).decode())
    finally:
        counter.close()
    assert colours > 20 and drawn > 0.9 * total, (colours, drawn, total)


def test_a_learner_solves_the_first_exercise_and_a_reload_keeps_it(browser, server, home):
    tab = Tab(browser)
    try:
        response = tab.open(server.url)
        assert response.status == 200
        assert "token=" not in tab.page.url  # the token went into a cookie
        _ready(tab)
        _editor_has_the_keys(tab)
        # Only characters and Enter, which the editor inserts in the order they come:
        # a key bound in the editor (an arrow, End) acts only once it has been round
        # the app's bindings, so characters typed just after it may overtake it.
        tab.type("y = w * x + b")
        tab.press("Enter")
        tab.type("y.backward()")
        tab.press("Enter")
        tab.type("# ")  # the starter's line, commented out
        tab.terminal.wait_for("3  # y = w * x")
        screen = tab.terminal.text()
        assert "1  y = w * x + b" in screen and "2  y.backward()" in screen, screen
        screen = tab.terminal.text()
        assert "^B Check" in screen  # the browser's key for Check (Ctrl+T is the browser's own)
        tab.press("Control+b")
        tab.terminal.wait_for("Solved: Gradients")
        # each check's line can land a frame after "Solved" under load
        tab.terminal.wait_until(lambda s: "pass  grad of w" in s and "pass  graph of y" in s,
                                "each check's line, passed")
        shot = tab.page.screenshot(clip={"x": 0, "y": 0, "width": 600, "height": 300})
        (home.parent / "served-tutor.png").write_bytes(tab.page.screenshot())
        _drawn(tab, shot)
        tab.press("Escape")
        tab.terminal.wait_for("Solved: Gradients", gone=True)
        # A reload: the old session ends, the new one gets its slot (the limit is 1)
        # and opens where the learner is: past the solved exercise.
        tab.page.reload(wait_until="load")
        _ready(tab, NEXT_TASK)
        tab.press("F2")
        screen = tab.terminal.wait_for("Gradients of w * x + b")
        line = next(line for line in screen.splitlines() if "Gradients of w * x + b" in line)
        assert "✔" in line, screen
        _only_local(tab, server)
    finally:
        tab.close()
    workspace = home / "workspace" / "app-test" / "linear-gradients.py"
    assert workspace.read_text() == "y = w * x + b\ny.backward()\n# y = w * x\n"


# What each key of the key bar should do on screen, with Escape closing what it opened.
EFFECTS = {
    "Keys": ("Keys · Esc closes", True),
    "List": ("Enter opens an exercise", True),
    "Hint": ("Hint 1:", False),
    "Run": ("[editor] >>>", False),
    "Check": ("Check: Make a leaf", True),
    "Commands": ("Search for commands", True),
}


def _playwright_key(shown: str) -> str:
    return "Control+" + shown[1:].lower() if shown.startswith("^") else shown


def test_every_key_the_key_bar_names_reaches_the_app(browser, server):
    from tutor.app.bindings import BROWSER_RESERVED

    tab = Tab(browser, width=800, height=560)  # under 110 columns: the panes are tabs
    try:
        tab.open(server.url)
        _ready(tab, "Task: Make a leaf")
        bar = tab.terminal.text().splitlines()[-1]
        shown = re.findall(r"(\^[A-Z]|F\d+) (\w+)", bar)
        assert {label for _, label in shown} >= {"Keys", "List", "Hint", "Run", "Check", "Pane", "Next", "Quit"}, bar
        textual = {("ctrl+" + key[1:].lower()) if key.startswith("^") else key.lower() for key, _ in shown}
        assert not textual & BROWSER_RESERVED, bar
        for key, label in shown:
            if label in EFFECTS:
                text, closes = EFFECTS[label]
                tab.press(_playwright_key(key))
                tab.terminal.wait_for(text)
                if closes:
                    tab.press("Escape")
                    tab.terminal.wait_for(text, gone=True)
            elif label == "Pane":
                before = tab.terminal.text().splitlines()[2]  # the tabs' underline marks the pane shown
                tab.press(_playwright_key(key))
                tab.terminal.wait_until(lambda s: s.splitlines()[2] != before, "another pane")
        keys = {label: key for key, label in shown}
        tab.press(_playwright_key(keys["Next"]))
        tab.terminal.wait_for("Task: Double it")  # the next unsolved one
        tab.press(_playwright_key(keys["Quit"]))
        tab.page.wait_for_selector("body.-closed", timeout=120_000)  # the page's "Session ended"
        _only_local(tab, server)
    finally:
        tab.close()


def test_a_session_over_the_limit_gets_a_page_saying_so(browser, server):
    first, second = Tab(browser), Tab(browser)
    try:
        first.open(server.url)
        first.terminal.wait_for("Task:")
        response = second.open(server.url)
        assert response.status == 503
        assert "The tutor is full" in second.page.inner_text("#reason")
        assert "--max-sessions" in second.page.inner_text("main")
        assert not second.terminal.sockets  # no app was started for it
        first.terminal.wait_for("kernel ready")  # the first learner carries on
    finally:
        second.close()
        first.close()


def test_closing_the_tab_ends_the_sessions_processes(browser, server):
    tab = Tab(browser)
    try:
        tab.open(server.url)
        _ready(tab, "Task:")
        tab.press("Control+b")  # a check: the grader's worker joins the app and the kernel
        tab.terminal.wait_for("Esc closes")
        procs = session_processes(server.proc.pid)
        kinds = " ".join(procs.values())
        assert " -m tutor app" in kinds and "tutor.kernel" in kinds and "tutor.grade" in kinds, procs
    finally:
        tab.close()
    wait_gone(procs, "the closed tab's app, kernel and grader")
    assert server.proc.poll() is None  # the server itself carries on


def test_stopping_the_server_ends_everything_and_a_restart_keeps_the_work(browser, tmp_path):
    port, token = free_port(), "restart-test-token"
    serve = Serve(tmp_path / "home", "--pack", PACK, "--device", "cpu", port=port, token=token).start()
    tab = Tab(browser)
    try:
        tab.open(serve.url)
        _ready(tab)
        _editor_has_the_keys(tab)
        tab.type("kept = 1")
        tab.press("Enter")
        tab.terminal.wait_for("2  y = w * x")
        tab.press("F7")  # on to the next exercise (saving the editor first): the one to come back to
        tab.terminal.wait_for(NEXT_TASK)
        procs = session_processes(serve.proc.pid)
        assert len(procs) >= 2, procs
        assert serve.stop() == 0, serve.stderr()
        wait_gone(procs, "the stopped server's app and kernel")
        tab.page.wait_for_selector("body.-closed", timeout=120_000)
        again = Serve(tmp_path / "home", "--pack", PACK, "--device", "cpu", port=port, token=token).start()
        try:
            tab.page.reload(wait_until="load")  # the cookie of the same token opens it again
            _ready(tab, NEXT_TASK)  # where the learner was
            procs = session_processes(again.proc.pid)
            _only_local(tab, again)
            assert (tmp_path / "home" / "workspace" / "app-test" / "linear-gradients.py").read_text() \
                == "kept = 1\ny = w * x\n"
        finally:
            assert again.stop() == 0, again.stderr()
        wait_gone(procs, "the second server's app and kernel")
    finally:
        tab.close()
        serve.stop()
