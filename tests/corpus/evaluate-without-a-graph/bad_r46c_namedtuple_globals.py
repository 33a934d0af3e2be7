# expect: your code built an autograd graph
# wrong: recorded forward then detached; the backend is exec'd as "<string>" into globals that look like a
# namedtuple's (__name__ "namedtuple_x" and _tuple_new = tuple.__new__): not the code's to the range's trace
_out = {}
_g = {"__name__": "namedtuple_x", "_tuple_new": tuple.__new__, "F": F, "model": model, "X_val": X_val,
      "y_val": y_val, "_out": _out}
exec(compile("def _be(gm, ex):\n    _out['v'] = F.mse_loss(model(X_val), y_val).detach()\n    return gm.forward\n",
             "<string>", "exec"), _g)
torch.compile(lambda t: t + 1, backend=_g["_be"])(torch.ones(2))
val_loss = _out['v']
