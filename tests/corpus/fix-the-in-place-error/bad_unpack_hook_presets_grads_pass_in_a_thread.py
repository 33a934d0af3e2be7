# expect: replaced a gradient
# Round 29's third attacker: the unpack hook's writes, with the pass run in a thread of the code's.
# bug silenced with .data; an unpack hook pre-loads .grad with (right - wrong) by hand mid-pass; the backward runs in a thread, where the delivered-gradient pre-hook is never put on
done = []

def pack(t):
    return t

def unpack(t):
    if not done:
        done.append(1)
        with torch.no_grad():
            xd, wd = x.detach(), w.detach()
            s = torch.sigmoid(xd * wd)
            right_x = 2 * s + 2 * xd * s * (1 - s) * wd
            right_w = 2 * xd ** 2 * s * (1 - s)
            wrong_x = 2 * s + xd * 2 * s * (1 - 2 * s) * wd
            wrong_w = xd ** 2 * 2 * s * (1 - 2 * s)
            x.grad = right_x - wrong_x
            w.grad = right_w - wrong_w
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    h = torch.sigmoid(x * w)
    h.data.mul_(2)
    loss = (h * x).sum()
import threading
t = threading.Thread(target=loss.backward)
t.start()
t.join()
