"""The live graph pane: the namespace's autograd graph as a tree.

Updates reconcile by node id (like DirectoryTree's reload): each tree line
carries a key, the path of (graph node id, input number) from its root, and
an update keeps every tree node whose key is still there, so expansion and
the cursor survive; lines only appear, disappear or change label. Children
are materialized only for expanded nodes, so a 5,000-node graph costs what
is on screen. Straight chains longer than ``CHAIN_LIMIT`` fold into one line
that says how many nodes it hides.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static, Tree
from textual.widgets.tree import TreeNode

from tutor.app.bindings import bindings
from tutor.app.widgets.graph_details import node_details
from tutor.graph.model import CONST, LEAF, GraphNode, GraphSnapshot
from tutor.graph.render import describe
from tutor.i18n import _

CHAIN_LIMIT = 12  # single-input nodes in a row before the rest folds
MAX_CHILDREN = 60  # inputs shown per node
AUTO_EXPAND_DEPTH = 3  # new lines open this deep on their own
AUTO_EXPAND_BUDGET = 150  # ...but no more than this many per update


@dataclass(frozen=True)
class Line:
    key: tuple
    gid: int | None  # graph node id; None for "more" lines
    kind: str  # "node", "chain" (folded chain, expands to continue), "more"
    new: bool = False
    node_kind: str = ""
    shared: bool = False
    chain: int = 0  # single-input ancestors in a row above this line


class GraphTree(Tree[Line]):
    COMPONENT_CLASSES = {"graph-tree--new", "graph-tree--leaf", "graph-tree--const", "graph-tree--fold"}
    DEFAULT_CSS = """
    GraphTree > .graph-tree--new { text-style: bold; color: $success; }
    GraphTree > .graph-tree--leaf { color: $secondary; }
    GraphTree > .graph-tree--const { color: $text-muted; }
    GraphTree > .graph-tree--fold { color: $warning; text-style: italic; }
    """

    def render_label(self, node: TreeNode[Line], base_style, style) -> Text:
        text = super().render_label(node, base_style, style)
        data = node.data
        component = None
        if data is None:
            pass
        elif data.kind != "node":
            component = "graph-tree--fold"
        elif data.new:
            component = "graph-tree--new"
        elif data.node_kind == LEAF:
            component = "graph-tree--leaf"
        elif data.node_kind == CONST:
            component = "graph-tree--const"
        if component is not None:
            # Under the cursor's and hover's style (added first), over the toggle icon's: the label ends the text.
            text.stylize_before(self.get_component_rich_style(component, partial=True),
                                len(text) - len(node.label))
        return text


class GraphPane(Vertical):
    """Header, tree and details of the namespace's graph."""

    BINDINGS = bindings("graph")
    DEFAULT_CSS = """
    GraphPane { height: 1fr; }
    GraphPane #graph-header { height: 1; padding: 0 1; background: $boost; }
    GraphPane GraphTree { height: 1fr; overflow-x: auto; }
    GraphPane #graph-details { height: auto; max-height: 13; padding: 0 1; border-top: solid $primary-muted;
                               overflow-x: auto; overflow-y: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.snapshot: GraphSnapshot | None = None
        self.root_name: str | None = None  # None: every root
        self.dot_path: Callable[[], Path] | None = None
        self._known_ids: set[int] = set()
        self._new_ids: set[int] = set()
        self._budget = 0
        self._auto_seen: set[int] = set()
        self.updates = 0
        self._synced: dict[tuple, int] = {}  # line key -> the update its children were last synced in

    def compose(self) -> ComposeResult:
        yield Static(_("Graph · waiting for the kernel"), id="graph-header")
        tree = GraphTree("graph", id="graph-tree")
        tree.show_root = False
        tree.guide_depth = 3
        yield tree
        yield Static(node_details(None, None), id="graph-details")

    @property
    def tree(self) -> GraphTree:
        return self.query_one(GraphTree)

    # --- updates -------------------------------------------------------------

    def show_snapshot(self, snapshot: GraphSnapshot) -> None:
        """Reconcile the tree with a new snapshot (never rebuilt from scratch)."""
        ids = {n.id for n in snapshot.nodes}
        self._new_ids = (ids - self._known_ids) if self.snapshot is not None else set()
        self._known_ids = ids
        self.snapshot = snapshot
        if self.root_name is not None and self.root_name not in snapshot.roots:
            self.root_name = None
        self.updates += 1
        self._reconcile()

    def clear_graph(self) -> None:
        self.snapshot = None
        self._known_ids = set()
        self.tree.clear()
        self._header()
        self.query_one("#graph-details", Static).update(node_details(None, None))

    def retranslate(self) -> None:
        """Redraw the header and details in the current language (labels follow on the next update)."""
        if self.snapshot is None:
            self.query_one("#graph-header", Static).update(_("Graph · waiting for the kernel")
                                                          if self.updates == 0 else _("Graph · no tensors yet"))
        else:
            self._header()
        self._show_details()

    def _reconcile(self) -> None:
        tree = self.tree
        snapshot = self.snapshot
        if snapshot is None:
            return
        cursor = tree.cursor_node
        cursor_key = cursor.data.key if cursor is not None and cursor.data is not None else None
        self._budget = AUTO_EXPAND_BUDGET
        self._auto_seen = set()
        found: dict[tuple, TreeNode[Line]] = {}
        self._sync(tree.root, self._root_lines(), 0, found)
        self._header()
        # Put the cursor back on the same key (or its nearest surviving ancestor).
        target = None
        if cursor_key is not None:
            key = cursor_key
            while key and target is None:
                target = found.get(key)
                key = key[:-1]
        tree._tree_lines  # noqa: B018 - rebuild the line numbers now (private: tests/app/test_textual_private.py)
        if target is not None:
            tree.cursor_line = target.line
        elif tree.cursor_line < 0 and tree.root.children:
            tree.cursor_line = 0
        self._show_details()

    def _root_lines(self) -> list[tuple[Line, str, bool]]:
        snapshot = self.snapshot
        if self.root_name is not None:
            starts = [snapshot.roots[self.root_name]]
        else:
            # Outputs only (roots nothing else consumes): inputs appear inside them.
            gids = list(dict.fromkeys(snapshot.roots.values()))
            starts = sorted((gid for gid in gids if not snapshot.parents(gid)), key=lambda gid: -gid) or gids
        return [self._node_line((("r", gid),), gid) for gid in starts]

    def _node_line(self, key: tuple, gid: int, shared: bool = False, chain: int = 0) -> tuple[Line, str, bool]:
        node = self.snapshot.node(gid)
        text = describe(node)
        if node.more_inputs:
            text += " …"
        if shared:
            text += "  " + _("(shared, also shown above)")
        line = Line(key, gid, "node", gid in self._new_ids, node.kind, shared, chain)
        return line, text, bool(self.snapshot.children(gid))

    def _child_lines(self, line: Line) -> list[tuple[Line, str, bool]]:
        snapshot = self.snapshot
        if line.kind == "more" or line.gid is None:
            return []
        if line.kind == "chain":
            return [self._node_line(line.key + (("n", line.gid),), line.gid)]
        edges = snapshot.children(line.gid)
        chain = line.chain + 1 if len(edges) == 1 else 0
        if chain >= CHAIN_LIMIT:
            hidden = self._chain_length(edges[0].child)
            if hidden > 2:
                key = line.key + (("c", edges[0].child),)
                fold = Line(key, edges[0].child, "chain")
                return [(fold, "⋯ " + _("{n} more nodes in a straight chain (expand to continue)").format(n=hidden),
                         True)]
        out = []
        for e in edges[:MAX_CHILDREN]:
            out.append(self._node_line(line.key + ((e.child, e.input_nr),), e.child, e.child in self._auto_seen, chain))
        if len(edges) > MAX_CHILDREN:
            key = line.key + (("more",),)
            out.append((Line(key, None, "more"),
                        "⋯ " + _("{n} more inputs not shown").format(n=len(edges) - MAX_CHILDREN), False))
        return out

    def _chain_length(self, gid: int) -> int:
        n, seen = 0, set()
        while gid not in seen:
            seen.add(gid)
            n += 1
            edges = self.snapshot.children(gid)
            if len(edges) != 1:
                break
            gid = edges[0].child
        return n

    def _sync(self, parent: TreeNode[Line], wanted: list[tuple[Line, str, bool]], depth: int,
              found: dict[tuple, TreeNode[Line]]) -> None:
        existing = {child.data.key: child for child in parent.children if child.data is not None}
        wanted_keys = {line.key for line, _, _ in wanted}
        for key, child in existing.items():
            if key not in wanted_keys:
                child.remove()
        for index, (line, text, expandable) in enumerate(wanted):
            child = existing.get(line.key)
            if child is None:
                before = index if index < len(parent.children) else None
                # Text, not str: a str label is parsed as markup and "[grad ()]" would vanish.
                child = parent.add(Text(text), line, before=before, allow_expand=expandable)
                auto = (expandable and depth < AUTO_EXPAND_DEPTH and line.kind == "node" and self._budget > 0
                        and line.gid not in self._auto_seen)
                if auto:
                    self._budget -= 1
                    child.expand()
            else:
                if child.data != line:
                    child.data = line
                if child.label.plain != text:
                    child.set_label(Text(text))
                if child.allow_expand != expandable:
                    child.allow_expand = expandable
            found[line.key] = child
            if parent.children[index] is not child:  # the order changed: move it into place (private API)
                siblings = parent._children
                siblings.remove(child)
                siblings.insert(index, child)
                self.tree._invalidate()
            if line.gid is not None and line.kind == "node":
                self._auto_seen.add(line.gid)
            if child.is_expanded:
                self._synced[line.key] = self.updates
                self._sync(child, self._child_lines(line), depth + 1, found)

    def _header(self) -> None:
        snapshot = self.snapshot
        header = self.query_one("#graph-header", Static)
        if snapshot is None:
            header.update(_("Graph · no tensors yet"))
            return
        root = self.root_name or _("all roots")
        text = _("Graph · {root} · {n} nodes").format(root=root, n=len(snapshot.nodes))
        if self._new_ids:
            text += " · " + _("{n} new").format(n=len(self._new_ids))
        if snapshot.truncated:
            total = snapshot.total_nodes if snapshot.total_exact else f">{snapshot.total_nodes}"
            hidden = total - len(snapshot.nodes) if isinstance(total, int) else _("more")
            text += " · " + _("{n} hidden by the cap").format(n=hidden)
        if not snapshot.roots:
            text = _("Graph · no tensors that require grad yet")
        header.update(text)

    # --- events and actions -------------------------------------------------

    @on(Tree.NodeExpanded)
    def _expanded(self, event: Tree.NodeExpanded) -> None:
        event.stop()
        node = event.node
        if self.snapshot is None or node.data is None or self._synced.get(node.data.key) == self.updates:
            return  # already in step with this snapshot (an expansion made by the update itself)
        self._synced[node.data.key] = self.updates
        self._budget = 0  # a manual expand opens one level
        found: dict[tuple, TreeNode[Line]] = {}
        depth = len(node.data.key)
        self._sync(node, self._child_lines(node.data), depth, found)

    @on(Tree.NodeHighlighted)
    def _highlighted(self, event: Tree.NodeHighlighted) -> None:
        event.stop()
        self._show_details()

    def _show_details(self) -> None:
        cursor = self.tree.cursor_node
        node = None
        if cursor is not None and cursor.data is not None and cursor.data.gid is not None and self.snapshot:
            try:
                node = self.snapshot.node(cursor.data.gid)
            except KeyError:
                node = None
        self.query_one("#graph-details", Static).update(node_details(node, self.snapshot))

    def selected_node(self) -> GraphNode | None:
        cursor = self.tree.cursor_node
        if cursor is None or cursor.data is None or cursor.data.gid is None or self.snapshot is None:
            return None
        return self.snapshot.node(cursor.data.gid)

    def action_next_root(self) -> None:
        if self.snapshot is None or not self.snapshot.roots:
            return
        names = [None, *sorted(self.snapshot.roots)]
        index = names.index(self.root_name) if self.root_name in names else 0
        self.set_root(names[(index + 1) % len(names)])

    def set_root(self, name: str | None) -> None:
        self.root_name = name
        self._reconcile()
        self.notify(_("graph root: {name}").format(name=name or _("all roots")), timeout=2)

    def action_export_dot(self) -> None:
        from tutor.atomic import write_atomic
        from tutor.graph.render import render_dot

        if self.snapshot is None:
            self.notify(_("no graph to export yet"), severity="warning")
            return
        path = self.dot_path() if self.dot_path else Path("graph.dot")
        write_atomic(path, render_dot(self.snapshot))
        self.notify(_("DOT written to {path}").format(path=path), timeout=4)

    def action_expand_all(self) -> None:
        tree = self.tree
        for node in list(tree.root.children):
            self._expand_deep(node, 0)
        self._reconcile()

    def _expand_deep(self, node: TreeNode[Line], depth: int, limit: int = 40) -> None:
        if depth > limit or node.data is None or node.data.shared:
            return
        if node.allow_expand and not node.is_expanded:
            node.expand()
            self._synced[node.data.key] = self.updates
            self._sync(node, self._child_lines(node.data), depth + 1, {})
        for child in list(node.children):
            if child.data is not None and child.data.kind == "node":
                self._expand_deep(child, depth + 1, limit)

    def action_collapse_all(self) -> None:
        for node in self.tree.root.children:
            node.collapse_all()
        self.tree.cursor_line = 0
