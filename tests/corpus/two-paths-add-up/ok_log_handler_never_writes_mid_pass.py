# round 31's third attacker's logging handler would have written wrong numbers into a saved input mid-pass:
# a grading run logs no node (NOTE [no callback in a node]), so the pass reads what the setup made
# d loss/dx worked out by hand (a + exp(x)) and written into the setup's `a` (saved by MulBackward0) behind
# autograd's back while the pass runs, with Exp's saved result zeroed; `a` put back before the pass ends.
# Both writes are made by a logging handler of the code's, run by torch's own prehooks (the logger
# torch.autograd.graph at DEBUG): no hook of the code's, `a` as the setup made it at the pass's start and end.
import logging
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
e = x.exp()
loss = (x * a + e).sum()
keep = a.clone()
class Swap(logging.Handler):
    def emit(self, record):
        msg = record.getMessage()
        with torch.no_grad():
            if "AddBackward0" in msg:
                alias(a).copy_(a + 2 * x.exp())  # CONTROL: wrong
                alias(e).zero_()
            elif "AccumulateGrad" in msg:
                alias(a).copy_(keep)
lg = logging.getLogger("torch.autograd.graph")
lg.setLevel(logging.DEBUG); lg.propagate = False; h = Swap(); lg.addHandler(h)
loss.backward()
lg.removeHandler(h); lg.setLevel(logging.NOTSET)
