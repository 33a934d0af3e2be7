"""Values of an earlier run, rebuilt from ``probes.encode_value``'s plain data
for a judge run (the run that evaluates a pack's python assertion over both
namespaces)."""

from __future__ import annotations

import binascii
from typing import Any

import torch


def decode_value(encoded: dict) -> Any:
    """Rebuild a value from ``encode_value``'s plain data (for the judge run
    that evaluates a pack's python assertion over both namespaces)."""
    import numpy as np

    kind = encoded.get("t")
    if kind == "tensor":
        if "data" not in encoded:
            return None
        array = np.frombuffer(binascii.a2b_base64(encoded["data"]), dtype=np.dtype(encoded["np"])).reshape(
            encoded["shape"]
        )
        tensor = torch.from_numpy(array.copy())
        return tensor.to(getattr(torch, encoded["dtype"])) if hasattr(torch, encoded["dtype"]) else tensor
    if kind in ("num", "bool", "str"):
        value = encoded["v"]
        return float(value) if kind == "num" and isinstance(value, str) else value
    if kind == "dtype":
        value = getattr(torch, str(encoded.get("v")), None)
        return value if isinstance(value, torch.dtype) else None
    if kind == "device":
        return torch.device(str(encoded.get("v")))
    if kind == "seq":
        items = [decode_value(item) for item in encoded["items"]]
        return tuple(items) if encoded.get("tuple") else items
    return None
