"""What a run sends back: plain data read out of its namespace (runs inside
the sandboxed child, after the learner's code).

Learner code runs before these readers, so they hold their own references to
torch's functions, taken when the worker imported this module, and accept
only exact ``torch.Tensor`` / ``nn.Parameter`` objects (and subclasses of Parameter that change
neither ``__torch_function__`` nor ``__torch_dispatch__``): a monkeypatched
``torch.Tensor.detach`` or a Tensor subclass that lies about its values cannot
change what is read. The verdict itself is computed in the grader process.
"""

from __future__ import annotations

import binascii
import contextlib
import functools
import math
import types
from decimal import Decimal as _Decimal
from fractions import Fraction as _Fraction
from typing import Any, Callable

import torch

_TENSOR_TYPES = (torch.Tensor, torch.nn.Parameter)
_Tensor, _Parameter = torch.Tensor, torch.nn.Parameter
_TensorBase = torch._C.TensorBase
_detach = _TensorBase.detach
_to = _TensorBase.to
_contiguous = _TensorBase.contiguous
_numpy = _TensorBase.numpy
_requires_grad_ = _TensorBase.requires_grad_
_get_grad = _TensorBase.grad.__get__
_get_is_leaf = _TensorBase.is_leaf.__get__
_get_requires_grad = _TensorBase.requires_grad.__get__
_get_retains_grad = _TensorBase.retains_grad.__get__
_get_dtype = _TensorBase.dtype.__get__
_get_shape = _TensorBase.shape.__get__
_b64 = functools.partial(binascii.b2a_base64, newline=False)  # C: base64.b64encode looks `binascii` up in a module
_isinstance = isinstance
_type, _issubclass, _str_str = type, issubclass, str.__str__
_name_of = type.__dict__["__name__"].__get__  # a class's name, whatever its metaclass says
_autograd_grad = torch.autograd.grad
_zeros = torch.zeros
_float64, _float32, _float16 = torch.float64, torch.float32, torch.float16
_bfloat16 = torch.bfloat16
_Function = torch.autograd.Function
# NOTE [a Function's own apply]: ``apply`` as torch defines it, taken before
# any code runs. A Function subclass may define an ``apply`` of its own that
# computes the result some other way (``x ** 3``): then ``Cube.apply`` never
# runs the Function's forward or backward, and every check through it judged
# plain torch ops. The probes call torch's, and before the probe phase reads
# anything each Function bound to a name gets torch's back
# (``restore_function_apply``): a check's ``Cube.apply`` is the Function's.
_FUNCTION_APPLY = vars(_Function)["apply"]
_FUNCTION_METAS = frozenset(type(_Function).__mro__)  # torch's FunctionMeta, type, object
_setattr, _delattr = type.__setattr__, type.__delattr__
_no_torch_function = torch._C.DisableTorchFunctionSubclass
_no_function_modes = torch._C.DisableTorchFunction  # subclasses' and modes' __torch_function__ alike
_dtype_type = torch.dtype
_device_type = torch.device
_gradcheck = torch.autograd.gradcheck
_gradgradcheck = torch.autograd.gradgradcheck
_is_floating_point = _TensorBase.is_floating_point
_is_complex = _TensorBase.is_complex
_numel = _TensorBase.numel
try:
    from torch.autograd.gradcheck import GradcheckError as _GradcheckError
except ImportError:  # older torch
    _GradcheckError = RuntimeError
try:
    import numpy as _np

    _NP_FLOATS = (_np.float64, _np.float32, _np.float16)
    _NP_INTS = (_np.int64, _np.int32, _np.int16, _np.int8, _np.uint8, _np.uint16, _np.uint32, _np.uint64)
    _NP_BOOLS = (_np.bool_,)
    _NDARRAY = _np.ndarray
except ImportError:
    _NP_FLOATS = _NP_INTS = _NP_BOOLS = ()
    _NDARRAY = None

MAX_ELEMENTS = 1_000_000  # per tensor sent back
MAX_JACOBIAN = 4096  # output elements x input elements, for showing both Jacobians
MAX_GRADCHECK_INPUTS = 2048  # input elements torch's gradcheck may perturb

MISSING = {"t": "missing"}


def is_plain_tensor(value: Any) -> bool:
    kind = _type(value)
    return kind in _TENSOR_TYPES or _plain_parameter_class(kind)


_mro_of, _dict_of = type.__dict__["__mro__"].__get__, type.__dict__["__dict__"].__get__
_OVERRIDES = ("__torch_function__", "__torch_dispatch__")
_PARAMETER_MRO = _mro_of(torch.nn.Parameter)


def _plain_parameter_class(kind) -> bool:
    """A subclass of ``nn.Parameter`` that changes neither ``__torch_function__`` nor
    ``__torch_dispatch__`` (`class Weight(nn.Parameter): pass`): read as a Parameter, since every read
    here goes through TensorBase's own descriptors. Its classes are asked through type's own slots."""
    try:
        mro = _mro_of(kind)
        if _Parameter not in mro:
            return False
        for klass in mro:  # every class, after Parameter too: `class W(nn.Parameter, Dispatching)` inherits
            if klass in _PARAMETER_MRO:  # the second's __torch_dispatch__ (round 29's attacker)
                continue
            own = _dict_of(klass)
            for name in _OVERRIDES:
                if name in own:
                    return False
        return True
    except Exception:  # noqa: BLE001 - not a class as type knows them
        return False


# NOTE [what a run calls after its code] (child.py): numpy's `str(dtype)` is Python that looks globals up
# in numpy's modules (round 38's attacker planted a key there), and `math.prod` a function the code can
# rebind; both are taken here, before any code runs.
_NUMPY_NAMES = types.MappingProxyType({d: str(torch.zeros((), dtype=d).numpy().dtype) for d in (
    torch.float16, torch.float32, torch.float64, torch.complex64, torch.complex128, torch.bool, torch.uint8,
    torch.int8, torch.int16, torch.int32, torch.int64)})  # torch dtype -> the numpy dtype `.numpy()` gives
_prod = math.prod


def encode_tensor(tensor: Any) -> dict:
    with _no_torch_function():
        dtype = str(_get_dtype(tensor)).replace("torch.", "")
        shape = list(_get_shape(tensor))
        numel = _prod(shape)
        if numel > MAX_ELEMENTS:
            return {"t": "tensor", "dtype": dtype, "shape": shape, "too_big": True}
        data = _to(_detach(tensor), "cpu")
        if dtype in ("bfloat16",):
            data = _to(data, _float32)  # numpy has no bfloat16
        array = _numpy(_contiguous(data))
        np_name = _NUMPY_NAMES.get(_get_dtype(data))
        return {"t": "tensor", "dtype": dtype, "shape": shape, "data": _b64(array.tobytes()).decode("ascii"),
                "np": np_name if np_name is not None else str(array.dtype)}


def encode_value(value: Any, depth: int = 0) -> dict:
    """A tensor, number, bool, None, string or tuple/list of them, as plain data."""
    kind = _type(value)
    if is_plain_tensor(value):
        return encode_tensor(value)
    if kind is _NDARRAY and value.ndim == 0 and value.dtype.kind in "biuf":
        # Compared as the number it holds; marked, for a check whose `type`
        # asks for a number or a bool (an array, as a 0-d tensor is not one).
        encoded = encode_value(value[()], depth)
        encoded["array"] = True
        return encoded
    if kind is bool or kind in _NP_BOOLS:
        return {"t": "bool", "v": bool(value)}
    if kind in _NP_FLOATS:
        value, kind = float(value), float
    elif kind in _NP_INTS:
        value, kind = int(value), int
    elif kind is _Fraction or kind is _Decimal:  # exact numbers of the standard library (round 34's learner)
        try:
            value, kind = (value.numerator / value.denominator if kind is _Fraction else float(value)), float
        except (OverflowError, ValueError):
            return {"t": "other", "type": kind.__name__, "why": "too big to compare"}
    if kind is int and value.bit_length() > 1024:  # past a float's range; past 4,300 digits JSON refuses it
        return {"t": "other", "type": "Python int", "why": "too big to compare"}
    if kind in (int, float):
        return {"t": "num", "v": value if not (kind is float and not math.isfinite(value)) else repr(value)}
    if kind is _dtype_type:
        return {"t": "dtype", "v": str(value).replace("torch.", "")}
    if kind is _device_type:
        return {"t": "device", "v": str(value)}
    if value is None:
        return {"t": "none"}
    if kind is torch.Size:
        return {"t": "seq", "tuple": True, "items": [{"t": "num", "v": int(v)} for v in value]}
    # a subclass of str, tuple or list (numpy's `str_`, a namedtuple: round 37's learner) is read through the
    # base type's own slots, never a method of the subclass's
    if _issubclass(kind, str):
        return {"t": "str", "v": _str_str(value)[:10_000]}
    base = tuple if _issubclass(kind, tuple) else list if _issubclass(kind, list) else None
    if base is not None and depth < 4 and base.__len__(value) <= 1000:
        return {"t": "seq", "tuple": base is tuple,
                "items": [encode_value(base.__getitem__(value, i), depth + 1) for i in range(base.__len__(value))]}
    if issubclass(kind, torch.Tensor):
        return {"t": "other", "type": _name_of(kind), "why": "a subclass of torch.Tensor, not a plain tensor"}
    return {"t": "other", "type": _name_of(kind)}


def tensor_flags(value: Any) -> dict:
    if not is_plain_tensor(value):
        return {"t": "other", "type": _name_of(_type(value))} if value is not None else {"t": "none"}
    return {
        "t": "flags",
        "is_leaf": bool(_get_is_leaf(value)),
        "requires_grad": bool(_get_requires_grad(value)),
        "retains_grad": bool(_get_retains_grad(value)),
    }


def read_grad(value: Any) -> dict:
    if not is_plain_tensor(value):
        return encode_value(value) if value is not None else {"t": "none", "not_tensor": True}
    grad = _get_grad(value)
    out = {"t": "grad", "flags": tensor_flags(value)}
    # a gradient of a subclass's is read by type only: its __torch_dispatch__ answered encode_tensor's ops
    # with numbers of its choosing (round 36's fourth attacker; NOTE [results read before the code can run])
    out["grad"] = {"t": "none"} if grad is None else encode_tensor(grad) if is_plain_tensor(grad) \
        else encode_value(grad)
    return out


def jacobians(fn: Callable, inputs: list, eps: float, second_order: bool = False, seed: int = 0) -> dict:
    """Analytical (autograd) and numerical (central differences) Jacobians of
    ``fn`` at ``inputs`` cast to float64. With ``second_order`` the function
    examined is the vector-Jacobian product of ``fn`` (what gradgradcheck tests)."""
    xs = []
    for value in inputs:
        if not is_plain_tensor(value):
            return {"t": "error", "why": f"an input is a {_type(value).__name__}, not a tensor"}
        xs.append(_requires_grad_(_to(_detach(value), _float64), True))
    if _isinstance(fn, type) and issubclass(fn, _Function):
        fn = function_apply(fn)
    if not callable(fn):
        return {"t": "error", "why": f"it is a {_type(fn).__name__}, not a function"}
    target = fn
    if second_order:
        generator = torch.Generator().manual_seed(seed)
        probe_out = _flat_outputs(fn(*xs))
        weights = [torch.randn(o.shape, dtype=_float64, generator=generator) for o in probe_out]

        def target(*args):
            outs = _flat_outputs(fn(*args))
            total = sum((o * w).sum() for o, w in zip(outs, weights))
            grads = _autograd_grad(total, args, create_graph=True, allow_unused=True)
            return tuple(g if g is not None else _zeros(a.shape, dtype=_float64) for g, a in zip(grads, args))

    outputs = _flat_outputs(target(*xs))
    n_out = sum(o.numel() for o in outputs)
    n_in = sum(x.numel() for x in xs)
    if n_out * n_in > MAX_JACOBIAN:
        return {"t": "error", "why": f"the Jacobian would have {n_out} x {n_in} entries; use smaller inputs"}
    analytical = _zeros((n_out, n_in), dtype=_float64)
    flat = torch.cat([o.reshape(-1) for o in outputs]) if outputs else _zeros(0, dtype=_float64)
    for i in range(n_out):
        if not flat.requires_grad:
            break
        grads = _autograd_grad(flat[i], xs, retain_graph=True, allow_unused=True)
        analytical[i] = torch.cat([(g if g is not None else _zeros(x.shape, dtype=_float64)).reshape(-1)
                                   for g, x in zip(grads, xs)])
    numerical = _zeros((n_out, n_in), dtype=_float64)
    column = 0
    with torch.no_grad() if not second_order else contextlib.nullcontext():
        for x in xs:
            base = _detach(x).clone()
            for k in range(x.numel()):
                plus, minus = base.clone(), base.clone()
                plus.view(-1)[k] += eps
                minus.view(-1)[k] -= eps
                args_p = [plus.requires_grad_(second_order) if y is x else y for y in xs]
                f_plus = _cat_flat(target(*args_p))
                args_m = [minus.requires_grad_(second_order) if y is x else y for y in xs]
                f_minus = _cat_flat(target(*args_m))
                numerical[:, column] = (f_plus - f_minus) / (2 * eps)
                column += 1
    return {"t": "jacobians", "analytical": encode_tensor(analytical), "numerical": encode_tensor(numerical)}


def function_apply(cls: type) -> Callable:
    """``cls.apply`` as torch defines it (NOTE [a Function's own apply])."""
    return _FUNCTION_APPLY.__get__(None, cls)


def restore_function_apply(namespace: dict) -> None:
    """Torch's ``apply`` back on every Function subclass bound to a name, and
    off the metaclasses the code made (NOTE [a Function's own apply])."""
    for value in list(namespace.values()):
        # by type: isinstance would ask an object of the code's its `__class__` (NOTE [results read before
        # the code can run], readfirst.py)
        if not (issubclass(_type(value), type) and issubclass(value, _Function)) or value is _Function:
            continue
        try:  # a metaclass's ``apply`` or ``__getattribute__`` would still answer ``Cube.apply``
            for meta in _type(value).__mro__:
                for name in ("apply", "__getattribute__"):
                    if name in vars(meta) and meta not in _FUNCTION_METAS:
                        _delattr(meta, name)
            _setattr(value, "apply", _FUNCTION_APPLY)
        except Exception:  # noqa: BLE001  (an odd class: the checks through it judge what it does)
            pass


def run_gradcheck(fn: Callable, inputs: list, kwargs: dict | None = None, eps: float | None = None,
                  atol: float | None = None, rtol: float | None = None, second_order: bool = False,
                  check_forward_ad: bool = False, check_batched_grad: bool = False,
                  output_only: bool = False) -> dict:
    """torch.autograd.gradcheck (or gradgradcheck) of ``fn`` at ``inputs``:
    floating tensors cast to float64 and differentiated, anything else passed
    as it is. Sends back the verdict and torch's error text as plain data, and
    both Jacobians (small first-order cases) for the learner to compare."""
    is_function = _isinstance(fn, type) and issubclass(fn, _Function)
    if is_function:
        if kwargs:
            return {"t": "error", "why": "an autograd.Function's apply takes no keyword arguments"}
        fn = function_apply(fn)
    if not callable(fn):
        return {"t": "error", "why": f"it is a {_type(fn).__name__}, not a function"}
    args = []
    differentiable = []
    for value in inputs:
        if is_plain_tensor(value) and (_is_floating_point(value) or _is_complex(value)):
            x = _requires_grad_(_to(_detach(value), _float64 if _is_floating_point(value) else value.dtype), True)
            args.append(x)
            differentiable.append(x)
        else:
            args.append(value)
    if not differentiable:
        return {"t": "error", "why": "none of its inputs is a floating-point tensor"}
    if sum(int(_numel(x)) for x in differentiable) > MAX_GRADCHECK_INPUTS:
        return {"t": "error", "why": f"its inputs have more than {MAX_GRADCHECK_INPUTS} elements; use smaller inputs"}
    target = fn
    if kwargs:
        def target(*a):
            return fn(*a, **kwargs)

    # What the function computes at these inputs: the grader compares it with
    # the reference's, so that a degenerate function (an empty or unrelated
    # output, whose Jacobians trivially agree) cannot pass.
    try:
        output = encode_value(target(*args))
    except BaseException as exc:
        output = {"t": "error", "why": f"{_type(exc).__name__}: {_text(exc)}"}
    if output_only:
        return {"t": "gradcheck", "output": output, "function_class": is_function}

    options = {"raise_exception": True, "check_batched_grad": bool(check_batched_grad)}
    if eps is not None:
        options["eps"] = float(eps)
    if atol is not None:
        options["atol"] = float(atol)
    if rtol is not None:
        options["rtol"] = float(rtol)
    out: dict = {"t": "gradcheck", "ok": False, "error": "", "output": output, "function_class": is_function}
    try:
        # No torch function mode answers gradcheck's own comparisons (round 41's second attacker pushed one in
        # its Function's forward that answered a failing `torch.allclose` True, and popped it in the same check)
        with _no_function_modes():
            if second_order:
                _gradgradcheck(target, tuple(args), **options)
            else:
                _gradcheck(target, tuple(args), check_forward_ad=bool(check_forward_ad), **options)
        out["ok"] = True
        return out
    except _GradcheckError as exc:
        out["error"] = _text(exc)
        out["raised"] = False
    except BaseException as exc:  # the function itself failed: a finding
        out["error"] = f"{_type(exc).__name__}: {_text(exc)}"
        out["raised"] = True
    if not out["raised"] and all(is_plain_tensor(a) for a in args):
        try:
            jac = jacobians(target, list(inputs), float(eps or 1e-6), second_order=second_order)
            if jac.get("t") == "jacobians":
                out["analytical"], out["numerical"] = jac["analytical"], jac["numerical"]
        except BaseException:
            pass
    return out


def _text(exc: BaseException) -> str:
    try:
        return str(exc)[:3000]
    except BaseException:
        return "<the message could not be read>"


def _flat_outputs(result: Any) -> list:
    if is_plain_tensor(result):
        return [result]
    if _isinstance(result, (tuple, list)):
        return [r for r in result if is_plain_tensor(r)]
    raise TypeError(f"the function returned a {_type(result).__name__}, not a tensor")


def _cat_flat(result: Any):
    outs = _flat_outputs(result)
    return torch.cat([_detach(o).reshape(-1) for o in outs]) if outs else _zeros(0, dtype=_float64)
