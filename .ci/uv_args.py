"""Print uv's arguments for what this machine's pip configuration says.

uv reads no pip.conf and no PIP_* variable, and the machines CI runs on
keep torch's CPU wheel in a folder that pip's configuration names
(``find-links``), beside local indexes and a constraints file: a uv told
nothing would take PyPI's CUDA build of torch (several GB). ``pip config
list`` gives every file's and variable's settings, one ``key='value'`` per
line; the values of these settings are lists, space- or newline-separated.
Prints nothing for an empty configuration (uv's defaults are pip's).
"""

from __future__ import annotations

import shlex
import subprocess
import sys

# pip's setting -> uv's option (repeated for each value)
OPTIONS = {
    "index-url": "--index-url",
    "extra-index-url": "--extra-index-url",
    "find-links": "--find-links",
    "constraint": "--constraint",
}


def uv_args(listed: str) -> str:
    """uv's options for ``pip config list``'s text (each value once, in the order pip lists them)."""
    values: dict[str, list[str]] = {}
    for line in listed.splitlines():
        key, _, value = line.partition("=")
        name = key.rsplit(".", 1)[-1]  # "global.find-links", ":env:.find-links", "install.constraint"
        if name in OPTIONS and value:
            for item in shlex.split(value)[0].split():
                if item not in values.setdefault(name, []):
                    values[name].append(item)
    return " ".join(f"{OPTIONS[name]} {shlex.quote(item)}" for name, items in values.items() for item in items)


def main() -> None:
    listed = subprocess.run([sys.executable, "-m", "pip", "config", "list"], capture_output=True, text=True,
                            check=True).stdout
    print(uv_args(listed))


if __name__ == "__main__":
    main()
