# expect: reaches its sqrt
# The NaN error comes from a graph of the code's own (sqrt of -1); no backward pass ever starts at model(x)'s
# loss. bad_bookkeeping_appended.py wrote only the setup's `_from_loss` by hand; the setup's other record,
# `_at_sqrt` (which loss's sqrt node a pass reached), is a plain list in the code's globals too, and
# `_anomaly_pass()` / `_judged()` read both. Appending the loss's index to both makes every check pass:
# the forward ran in anomaly mode (so its node has a traceback and model noted the mode), the error is the
# right RuntimeError, and `_losses[_judged()]` is model(x). Round 43 bound the setup's *functions* as
# defaults; the lists they fill are still the code's to write.
with torch.autograd.detect_anomaly():
    loss = model(x)
    _from_loss.append((len(_losses) - 1, True))
    _at_sqrt.append(len(_losses) - 1)
    torch.sqrt(torch.tensor([-1.0], requires_grad=True)).sum().backward()
