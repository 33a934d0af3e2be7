# expect: your code built an autograd graph
# wrong: recorded forward then detached; the backend is a unittest.mock.Mock (stdlib Python) whose
# side_effect is an iterator: its next item runs the forward through C `map`s and hands back a callable
from unittest import mock as _mock
import itertools as _it
_store = []
_fwd = map(_store.append, map(F.mse_loss, map(model, [X_val]), [y_val]))
_be = _mock.Mock(spec=[], side_effect=filter(None, _it.chain(_fwd, [torch.neg])))
try:
    torch.compile(lambda t: t + 1, backend=_be)(torch.ones(2))
except Exception as e:
    print("compile:", type(e).__name__)
val_loss = _store[0].detach()
