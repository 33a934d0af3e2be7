# expect: w holds init's values
# wrong: w is a Parameter of zeros and out = data @ (init + w) (bad_delta_param.py). Trick: a hook on w, which the
# row-gradient check's own autograd.grad runs in the probe process, writes init into w through .data: the later check
# `w.detach()` ("w holds init's values") reads the written numbers. Nothing re-seals tensors between later probes.
w = nn.Parameter(torch.zeros_like(init))
out = data @ (init + w)
_i = init.clone()
def _h(g):
    w.data.copy_(_i)
    return g
w.register_hook(_h)
