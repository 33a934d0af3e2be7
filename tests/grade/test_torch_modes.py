"""NOTE [a torch mode that calls the code] (tutor/grade/observe_codes.py): a mode of torch's class is
torch's own only while no function of the code's is reachable from it. Read here in this process: this
file is no library's, so what it defines counts as the code's, as a submission's functions do in a run.
The corpus holds the runs (two-paths-add-up: bad_flop_counter_formula_rewrites_result.py,
ok_flops_counted_around_the_pass.py)."""

from __future__ import annotations

import collections
import dataclasses
import functools
import itertools
import operator
import types
import unittest.mock
import weakref

import torch
from torch.utils.flop_counter import FlopCounterMode

from tutor.grade.observe_codes import MOST_READ, calls_the_codes as _calls_the_codes
from tutor.grade.observe_dispatch import torch_mode


def _top_mode():
    return torch._C._get_dispatch_stack_at(torch._C._len_torch_dispatch_stack() - 1)


def test_torchs_flop_counter_is_torchs_until_it_holds_a_formula_of_the_codes():
    with FlopCounterMode(display=False):
        assert not _calls_the_codes(_top_mode())
    # a counting formula, wrapped by torch (shape_wrapper holds it in its closure), and a raw one
    counting = lambda *args, **kwargs: 0  # noqa: E731
    raw = lambda *args, out_val=None, **kwargs: 0  # noqa: E731
    raw._get_raw = True
    for formula in (counting, raw):
        with FlopCounterMode(display=False, custom_mapping={torch.ops.aten.mul: formula}):
            assert _calls_the_codes(_top_mode())
            assert not torch_mode(_top_mode())


def test_what_a_mode_holds_is_read_through_containers_partials_and_methods():
    def hand(*args):
        return args

    class Callable:
        def __call__(self):
            return 0

    class Table(dict):
        def __getitem__(self, key):
            return 0

    for held in (hand, functools.partial(hand, 1), [{"k": (hand,)}], Callable(), Table(a=1),
                 functools.partial(print, hand), types.MethodType(hand, object())):
        assert _calls_the_codes(types.SimpleNamespace(held=held)), held


def test_what_a_library_object_holds_is_read_as_the_collector_reads_it():
    def hand(*args):
        return args

    # round 32's first attacker: operator.call bound to the code's function (a MethodType's __self__)
    class Count:
        def __call__(self, *args):
            return 0

    count = Count()
    # and a weak proxy, which reports nothing to the collector (round 32's third attacker)
    for held in (types.MethodType(operator.call, hand), operator.methodcaller("apply_", hand),
                 itertools.repeat(hand), functools.partial(types.MethodType(operator.call, hand)),
                 weakref.proxy(count), weakref.proxy(hand)):
        assert _calls_the_codes(types.SimpleNamespace(held=held)), held
    # a callable past the depth read (round 32's fifth attacker: Mocks, each calling the next)
    nested = hand
    for _ in range(6):
        nested = unittest.mock.Mock(side_effect=nested)
    assert _calls_the_codes(types.SimpleNamespace(held=nested))
    for held in (types.MethodType(operator.call, print), operator.methodcaller("sum", 1), itertools.repeat(3)):
        assert not _calls_the_codes(types.SimpleNamespace(held=held)), held


def test_librarys_own_made_functions_are_not_the_codes():
    # namedtuple and dataclass methods are made by exec ("<string>"): their module's, here torch's
    point = collections.namedtuple("Point", "x y")(1, 2)
    assert not _calls_the_codes(types.SimpleNamespace(held=[point, {"p": point}]))
    made = dataclasses.make_dataclass("Made", ["x"], namespace={"__module__": "torch.utils.flop_counter"})
    assert "<string>" in made.__init__.__code__.co_filename  # made by exec, in the torch module's globals
    assert not _calls_the_codes(types.SimpleNamespace(held=[made(1), point]))
    assert not _calls_the_codes(types.SimpleNamespace(held=[torch.ones(2), "text", 3, print, len]))


def test_the_codes_exec_made_function_is_the_codes():
    space = {"__name__": "__main__"}
    exec(compile("def hand(*a):\n    return a\n", "<string>", "exec"), space)
    assert _calls_the_codes(types.SimpleNamespace(held=space["hand"]))


def test_a_mode_too_big_to_read_is_the_codes():
    assert _calls_the_codes(types.SimpleNamespace(held=list(range(MOST_READ + 1))))
