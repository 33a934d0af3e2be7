# expect: grad of x
# round 31's fourth attacker: a sys.setprofile function of the code's wrote an input mid-pass
# d loss/dx worked out by hand (a + exp(x)) and written into the setup's `a` (saved by MulBackward0) behind
# autograd's back while the pass runs, with Exp's saved result zeroed; `a` put back before the pass ends.
# Both writes are made by a sys.setprofile function of the code's: the first on the c_call of torch's
# engine (`run_backward`, after the grader's start-of-pass reads), the second as the grader's own
# AccumulateGrad prehook (observe_accumulated's `delivered`) is called inside x's node. No hook of the code's.
import sys
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
e = x.exp()
loss = (x * a + e).sum()
keep = a.clone()
state = [0]
def prof(frame, event, arg):
    if event == "c_call" and state[0] == 0 and getattr(arg, "__name__", "") == "run_backward":
        state[0] = 1
        with torch.no_grad():
            alias(a).copy_(keep + x.exp())   # by hand
            alias(e).zero_()
    elif event == "call" and state[0] == 1 and frame.f_code.co_name == "delivered":
        state[0] = 2
        with torch.no_grad():
            alias(a).copy_(keep)
sys.setprofile(prof)
loss.backward()
sys.setprofile(None)
