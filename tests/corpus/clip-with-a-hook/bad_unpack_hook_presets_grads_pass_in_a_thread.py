# expect: replaced a gradient
# Round 29's third attacker: the unpack hook's writes, with the pass run in a thread of the code's.
# No clamp in the pass (the only hook returns None). A saved-tensor unpack hook pre-loads .grad with
# (clipped - unclipped) by hand mid-pass; the backward runs in a threading.Thread, where the accumulator's
# pre-hook (what autograd delivered) is never put on, so the "written during the pass" sum check is skipped.
import threading
done = []

def unpack(t):
    if not done:
        done.append(1)
        with torch.no_grad():
            yd = x.detach() * w.detach()
            g, c = 2 * yd, (2 * yd).clamp(-0.5, 0.5)
            x.grad = (c - g) * w.detach()
            w.grad = (c - g) * x.detach()
    return t

with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
    y = x * w
    y.register_hook(lambda grad: None)
    loss = (y ** 2).sum()
t = threading.Thread(target=loss.backward)
t.start()
t.join()
