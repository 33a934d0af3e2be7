# A right answer that stores a UserString label and a partial on the module's own __dict__, and keeps
# a dict keyed by UserString.
import collections, functools
first.requires_grad_(False)
first.label = collections.UserString("frozen")
first.describe = functools.partial(str.format, "{} -> {}", "first")
notes = {collections.UserString("w1"): "frozen", collections.UserString("w2"): "trained"}
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
