# expect: differs from the expected gradient
# No hook at all: the starter's pass, then the clipped gradients worked out by hand. pristine puts back the
# grader's modules, torch and the builtins, but the probe step then runs `import socket` and socket.recv_fds
# (a library module, no target of the restore): a recv_fds of the code's calls the real one and rebinds
# tutor.grade.child.read_probes, which run() looks up next. It lets the real reads run (watch and seal see
# nothing of the code's), then writes the hand numbers and a hook count into the data they returned.
import socket as _socket, sys as _sys
y = x * w
loss = (y ** 2).sum()
loss.backward()                                      # unclipped
with torch.no_grad():
    _g = (2 * y).clamp(-0.5, 0.5)                    # by hand
    _hand = {"w": _g * x, "x": _g * w}
_child, _probes = _sys.modules["tutor.grade.child"], _sys.modules["tutor.grade.probes"]
_real_recv, _real_read = _socket.recv_fds, _child.read_probes


def _read(wanted, namespace, started=None):
    out = _real_read(wanted, namespace, started)
    for p in wanted:
        if p.kind == "grad" and p.name in _hand:
            out[p.key]["grad"] = _probes.encode_tensor(_hand[p.name])
        elif p.kind == "observed":
            out[p.key]["hooks"]["tensor"] = 1
    return out


def _recv(*a, **k):
    _child.read_probes = _read
    return _real_recv(*a, **k)


_socket.recv_fds = _recv
