# expect: your code built an autograd graph
# wrong: recorded forward then detached; the backend is compiled under the file name "<eval_with_key>.99"
# (torch.fx's generated code is excluded from the code's)
_out = {}
exec(compile("def _be(gm, ex):\n    _out['v'] = F.mse_loss(model(X_val), y_val).detach()\n    return gm.forward\n",
             "<eval_with_key>.99", "exec"), globals())
torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
val_loss = _out['v']
