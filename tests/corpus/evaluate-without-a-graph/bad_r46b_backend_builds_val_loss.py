# expect: your code built an autograd graph
# wrong: the model runs with recording on (6 nodes), inside a torch.compile backend of the code's own
_out = {}
def _be(gm, ex):
    _out['v'] = F.mse_loss(model(X_val), y_val).detach()
    return gm.forward
torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
val_loss = _out['v']
