"""The message codec, and the rule that the UI side never imports torch."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from tutor.kernel import protocol as p

EXAMPLES = [
    p.Execute("x1", "y = x * 2\nprint('é\\n')"),
    p.Interrupt(),
    p.Complete("c1", "x.gr", 4),
    p.Reset("s1", "x = torch.randn(3, generator=torch.Generator().manual_seed(seed))", 7),
    p.Snapshot("g1"),
    p.Shutdown(),
    p.Ready(1, 1234, "3.11.7", "2.13.0+cpu", "cpu", 1, True, "fell back"),
    p.Stream("x1", "stdout", "hello\n\u2603"),
    p.Result("x1", "tensor([2., 4.])"),
    p.Error("x1", "ZeroDivisionError", "division by zero", "Traceback ...\n"),
    p.Graph("x1", "abc123", {"nodes": [{"id": 1, "label": "MulBackward0"}], "edges": []}),
    p.GraphChange("x2", "def456", "abc123", [1, 1, [{"id": 2, "op": "Exp"}]], [0, 0, [[2, 1, 0, 0]]], {"roots": {"y": 2}}),
    p.Completions("c1", 0, ["x.grad", "x.grad_fn"]),
    p.Done("x1", "ok", 3, 0.004),
    p.KernelDied(-11, "the kernel crashed (segmentation fault)", True),
]


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: type(m).__name__)
def test_round_trip(message: object) -> None:
    line = p.encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert p.decode(line) == message
    assert p.decode(line.decode()) == message


def test_a_snapshot_the_kernel_encoded_once_makes_the_same_line_as_its_dict() -> None:
    # The kernel encodes a graph once, for its hash, and puts that text in
    # the message as it is (EncodedJSON): the line must say what the dict's
    # line says (the field comes last), one line, and read back as the dict,
    # names beyond ASCII, quotes and braces and all.
    from tutor.graph.model import GraphEdge, GraphNode, GraphSnapshot

    snapshot = GraphSnapshot(
        nodes=[GraphNode(0, "MulBackward0", "Mul", "op", names=["y \u2603 \"}"]),
               GraphNode(1, "AccumulateGrad", "Leaf", "leaf", names=["x"], is_leaf=True)],
        edges=[GraphEdge(0, 1, 0, 0)], roots={"y \u2603 \"}": 0})
    text, digest = snapshot.to_json_and_hash()
    assert digest == snapshot.content_hash()
    raw = p.encode(p.Graph("x1", digest, p.EncodedJSON(text)))
    plain = p.encode(p.Graph("x1", digest, snapshot.to_dict()))
    assert json.loads(raw) == json.loads(plain) and raw.count(b"\n") == 1 and raw.isascii()
    back = p.decode(raw)
    assert back == p.Graph("x1", digest, snapshot.to_dict())
    assert GraphSnapshot.from_dict(back.snapshot).roots == snapshot.roots


def test_every_message_type_has_an_example() -> None:
    assert {type(m).__name__ for m in EXAMPLES} == set(p._TYPES)


def test_messages_are_plain_dataclasses() -> None:
    for message in EXAMPLES:
        assert dataclasses.is_dataclass(message)


@pytest.mark.parametrize("line", [b"", b"not json", b'{"type": "Nope"}', b'{"id": "1"}', b'{"type": "Done", "x": 1}', b"[]"])
def test_garbage_is_a_protocol_error(line: bytes) -> None:
    with pytest.raises(p.ProtocolError):
        p.decode(line)


def test_ui_side_does_not_import_torch() -> None:
    code = (
        "import sys, tutor.kernel.protocol, tutor.kernel.client, tutor.repl, tutor.commands.repl\n"
        "assert 'torch' not in sys.modules, 'torch was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
