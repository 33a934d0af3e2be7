# expect: replaced a gradient
# Round 29's attacker.
# The bug is silenced with .data (the saved sigmoid output is now wrong, so autograd's gradients are
# wrong); a saved-tensor unpack hook, run during the pass before the leaves accumulate, pre-loads
# .grad with (right - wrong) worked out by hand, so the sum the pass leaves is the hand answer.
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
loss.backward()
