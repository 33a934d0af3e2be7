"""Read YAML while keeping where every key and value sits in the file.

PyYAML's safe loader builds the data; we walk the node tree beside it to map
each path (``('checks', 2, 'rtol')``) to a line and column, and to catch what
plain ``yaml.safe_load`` silently accepts: duplicate keys and alias bombs.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import re

import yaml

# Expanded size past which a document is refused (aliases can multiply it).
MAX_NODES = 200_000


@dataclass
class Position:
    line: int  # 1-based
    col: int  # 1-based


@dataclass
class SourceMap:
    """Positions of keys and values by path inside one YAML document."""

    values: dict[tuple, Position] = field(default_factory=dict)
    keys: dict[tuple, Position] = field(default_factory=dict)
    # Block scalars: path -> (first content line, indent) to place code errors.
    blocks: dict[tuple, tuple[int, int]] = field(default_factory=dict)

    def value(self, path: tuple) -> Position:
        """Position of the value at ``path``, or of its nearest known parent."""
        for cut in range(len(path), -1, -1):
            pos = self.values.get(path[:cut])
            if pos is not None:
                return pos
        return Position(1, 1)

    def key(self, path: tuple) -> Position:
        return self.keys.get(path) or self.value(path)

    def code_position(self, path: tuple, line: int, col: int) -> Position:
        """Where line/col (1-based) of a code string stored at ``path`` is in the file."""
        block = self.blocks.get(path)
        if block is None:
            return self.value(path)
        first_line, indent = block
        return Position(first_line + line - 1, indent + max(col, 1))


@dataclass
class YamlProblem:
    line: int
    col: int
    message: str
    path: tuple = ()


class _Loader(yaml.SafeLoader):
    """SafeLoader that also reads ``1e-3`` as a number (YAML 1.2 does; PyYAML's
    1.1 rules want a dot, so tolerances written that way became strings)."""


# Booleans as YAML 1.2 has them: only true/false. YAML 1.1's yes/no/on/off
# made `on: tensor` (a hooks check) a key True; a pydantic bool field still
# accepts the words "yes" and "on" where a boolean is meant.
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(
        r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?
        |[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)
        |\.[0-9_]+(?:[eE][-+]?[0-9]+)?
        |[-+]?\.(?:inf|Inf|INF)
        |\.(?:nan|NaN|NAN))$""",
        re.X,
    ),
    list("-+0123456789."),
)


def load_yaml(text: str) -> tuple[object, SourceMap, list[YamlProblem]]:
    """Parse one YAML document. Never raises for bad input: problems are returned."""
    loader = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
        if node is None:
            return None, SourceMap(), []
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = exc.problem or "invalid YAML"
        if exc.context and exc.context_mark and exc.context_mark is not mark:
            cm = exc.context_mark
            message = f"{exc.context} started at line {cm.line + 1}, column {cm.column + 1}: {problem}"
        else:
            message = " ".join(p for p in (exc.context, problem) if p)
        return None, SourceMap(), [YamlProblem(line, col, f"invalid YAML: {message}")]
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line, col = _line_col(text, exc.position)
        return None, SourceMap(), [YamlProblem(line, col, f"invalid YAML: unacceptable character "
                                                          f"#x{exc.character:04x}: {exc.reason}"
                                               if isinstance(exc.character, int) else
                                               f"invalid YAML: {exc.reason}")]
    except yaml.YAMLError as exc:
        return None, SourceMap(), [YamlProblem(1, 1, f"invalid YAML: {_one_line(exc)}")]
    except RecursionError:
        return None, SourceMap(), [YamlProblem(1, 1, "invalid YAML: nesting too deep")]
    finally:
        if loader is not None:
            loader.dispose()
    source = SourceMap()
    problems = _walk(node, loader, text, source)
    return data, source, problems


def _walk(root: yaml.Node, loader: yaml.SafeLoader, text: str, source: SourceMap) -> list[YamlProblem]:
    """Iteratively record positions; report duplicate keys, cycles and bombs."""
    problems: list[YamlProblem] = []
    lines = text.splitlines()
    stack: list[tuple[yaml.Node, tuple, frozenset]] = [(root, (), frozenset())]
    seen = 0
    while stack:
        node, path, ancestors = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            problems.append(YamlProblem(1, 1, "document too large (aliases expand past 200,000 nodes)"))
            return problems
        if id(node) in ancestors:
            mark = node.start_mark
            problems.append(YamlProblem(mark.line + 1, mark.column + 1, "recursive alias", path))
            continue
        mark = node.start_mark
        source.values[path] = Position(mark.line + 1, mark.column + 1)
        inner = ancestors | {id(node)}
        if isinstance(node, yaml.ScalarNode):
            if node.style in ("|", ">"):
                source.blocks[path] = _block_start(lines, mark.line, mark.column)
        elif isinstance(node, yaml.SequenceNode):
            for i, child in enumerate(node.value):
                stack.append((child, path + (i,), inner))
        elif isinstance(node, yaml.MappingNode):
            seen_keys: dict = {}
            for key_node, value_node in node.value:
                key = _key(loader, key_node)
                kmark = key_node.start_mark
                if key in seen_keys:
                    problems.append(
                        YamlProblem(
                            kmark.line + 1,
                            kmark.column + 1,
                            f"duplicate key {key!r} (first defined on line {seen_keys[key]})",
                            path,
                        )
                    )
                    continue
                seen_keys[key] = kmark.line + 1
                source.keys[path + (key,)] = Position(kmark.line + 1, kmark.column + 1)
                stack.append((value_node, path + (key,), inner))
    return problems


def _key(loader: yaml.SafeLoader, node: yaml.Node) -> object:
    if isinstance(node, yaml.ScalarNode):
        try:
            value = loader.construct_object(node)
            hash(value)
            return value
        except Exception:  # an odd key shape is reported by validation, not here
            return node.value
    return f"<{node.tag}>"


def _block_start(lines: list[str], indicator_line: int, indicator_col: int) -> tuple[int, int]:
    """First content line (1-based) and indent of a ``|`` block scalar."""
    header = lines[indicator_line][indicator_col:].split("#")[0] if indicator_line < len(lines) else ""
    digits = [ch for ch in header if ch.isdigit()]
    if digits:  # an explicit indentation indicator, like `|2`
        parent = len(lines[indicator_line]) - len(lines[indicator_line].lstrip(" "))
        return indicator_line + 2, parent + int(digits[0])
    # Content starts on the next line even if that line is blank (``|`` keeps
    # leading blank lines); the indent comes from the first non-blank line.
    for i in range(indicator_line + 1, len(lines)):
        if lines[i].strip():
            return indicator_line + 2, len(lines[i]) - len(lines[i].lstrip(" "))
    return indicator_line + 2, 0


def _line_col(text: str, position: int) -> tuple[int, int]:
    before = text[:position]
    return before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())
