# expect: grad of x
# round 31's fifth attacker: cProfile's profiler with a timer of the code's wrote an input mid-pass (NOTE [code the interpreter runs inside a pass])
# cProfile's profiler (a C object, no __dict__ read) holds a timer of the code's, called on every profile
# event: it writes d loss/dx worked out by hand into `a` (saved by Mul) and zeroes Exp's saved result as the
# engine's entry starts, and puts `a` back as the grader's AccumulateGrad prehook (`delivered`) is called.
import sys, time, cProfile
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
e = x.exp()
loss = (x * a + e).sum()
keep = a.clone()
HAND = True
state = [0]
def timer():
    f = sys._getframe(1)
    name = f.f_code.co_name
    if state[0] == 0 and name == "_engine_run_backward":
        state[0] = 1
        if HAND:
            with torch.no_grad():
                alias(a).copy_(keep + x.exp())   # by hand
                alias(e).zero_()
    elif state[0] == 1 and name == "delivered":
        state[0] = 2
        with torch.no_grad():
            alias(a).copy_(keep)
    return time.perf_counter()
profiler = cProfile.Profile(timer)
profiler.enable()
loss.backward()
profiler.disable()
