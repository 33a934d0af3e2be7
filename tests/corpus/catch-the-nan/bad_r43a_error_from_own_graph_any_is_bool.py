# expect: a backward pass starts at a loss of model, with anomaly detection on, and reaches its sqrt
# The NaN error comes from a graph of the code's own (`sqrt` of -1), not from model(x)'s loss, whose forward
# ran in anomaly mode but which no backward pass ever started at (bad_backward_of_another_graph.py). The
# check "a backward pass starts at a loss of model ... and reaches its sqrt" calls the setup's
# `_anomaly_pass()`, whose `any(...)` is looked up at call time in the globals it shares with the code (the
# probes evaluate their own expressions over a copy with the original builtins, but a setup function's
# `__globals__` is the code's own namespace): a global `any = bool` makes it `bool(<generator>)`, True.
any = bool
with torch.autograd.detect_anomaly():
    loss = model(x)
    torch.sqrt(torch.tensor([-1.0], requires_grad=True)).sum().backward()
