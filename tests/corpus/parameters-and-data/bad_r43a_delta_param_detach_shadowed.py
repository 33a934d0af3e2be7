# expect: w holds init's values
# w is a new Parameter of zeros and `out = data @ (init + w)` (bad_delta_param.py: right value, graph and row
# gradients, but w does not hold init's values). The check "w holds init's values" evaluates `w.detach()`,
# and `detach` is a non-data descriptor of TensorBase: an entry in the Parameter's own `__dict__` wins the
# lookup, so `w.detach()` is a function of the code's that hands back a copy of init.
w = nn.Parameter(torch.zeros_like(init))
out = data @ (init + w)
w.__dict__["detach"] = lambda _i=init.clone(): _i.clone()
