import abc, collections, dataclasses, enum, functools, typing, fractions, decimal, statistics, inspect, json, random, re
import torch, torch.nn as nn, torch.optim, torch.utils.data, torch.autograd.functional, torch.testing, torch.utils.checkpoint
import torch.func, numpy as np

@dataclasses.dataclass
class A: x: int = 1
@dataclasses.dataclass(frozen=True, order=True, slots=True)
class B: x: int = 1
class C(enum.Enum): X = 1
class D(enum.IntEnum): X = 1
class E(enum.StrEnum): X = "x"
class F2(enum.Flag): X = 1
P = collections.namedtuple("P", "a b")
class Q(typing.NamedTuple): a: int
class R(typing.TypedDict): a: int
class S(typing.Protocol):
    def f(self) -> int: ...
class T(abc.ABC):
    @abc.abstractmethod
    def f(self): ...
@functools.total_ordering
class U:
    def __eq__(self, o): return True
    def __lt__(self, o): return False
class V:
    __slots__ = ("a",)
    @functools.cached_property
    def p(self): return 1
    @property
    def q(self): return 2
    @staticmethod
    def s(): return 1
    @classmethod
    def c(cls): return 1
    @functools.singledispatchmethod
    def g(self, x): return x
    @functools.lru_cache
    def h(self): return 1
    __hash__ = object.__hash__
class W(nn.Module):
    def __init__(self): super().__init__(); self.l = nn.Linear(2, 2)
    def forward(self, x): return self.l(x)
class X(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x): return x * 2
    @staticmethod
    def backward(ctx, g): return g * 2
class Y(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})
class Z(torch.Tensor):
    __torch_function__ = torch._C._disabled_torch_function_impl
    @staticmethod
    def __new__(cls, t): return torch.Tensor._make_subclass(cls, t)
    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None): return func(*args, **(kwargs or {}))
class M2(torch.overrides.TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None): return func(*args, **(kwargs or {}))
class N(torch.utils._python_dispatch.TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None): return func(*args, **(kwargs or {}))
class DS(torch.utils.data.Dataset):
    def __len__(self): return 1
    def __getitem__(self, i): return i
class Arr(np.ndarray): pass
class Meta(type):
    def __call__(cls, *a): return super().__call__(*a)
class WithMeta(metaclass=Meta): pass
class G(typing.Generic[typing.TypeVar("T")]): pass
Nt = typing.NewType("Nt", int)
class ParamSub(nn.Parameter): pass
class Opt(torch.optim.SGD): pass
class Ctx:
    def __enter__(self): return self
    def __exit__(self, *a): return False
class Err(ValueError): pass
class Num(float):
    def __repr__(self): return "n"
class Str2(str): pass
class Dct(dict):
    __missing__ = lambda self, k: 0
class Lst(list): pass
class IntK(int): pass
