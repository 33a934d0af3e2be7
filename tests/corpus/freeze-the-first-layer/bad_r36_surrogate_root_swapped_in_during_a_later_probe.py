# expect: grad of w2
# Round 36's attacker (NOTE [results read before the code can run], readfirst.py):
# first is frozen. The only pass runs from a surrogate s = mse(second(Gw / Gb), target), the target chosen
# so that its gradients are the formula, worked out by hand (the reference's three node types). The code ends with `loss` bound to the true loss
# (value check) and w2.grad, b2.grad holding the formula in new tensors (grad checks). A later check's
# probe, `[p.requires_grad for p in first.parameters()]`, iterates `first._modules`, bound to a dict of the
# code's: its items() (run after observation ended) binds `loss` to the surrogate and puts the surrogate
# pass's tensors back in .grad, before the `observed` probe asks which pass they came from, and where it
# started.
first.requires_grad_(False)
with torch.no_grad():
    h = torch.relu(first(X))
    r = second(h) - y
    Gw = (2 * r / r.numel()).T @ h
    Gb = (2 * r / r.numel()).sum(0)
    true_loss = (r ** 2).mean()
A = Gw / Gb                                       # one row fed to `second`
with torch.no_grad():
    t = second(A) - Gb / 2                        # so that d mse / d out = Gb
s = F.mse_loss(second(A), t)                      # the reference's three nodes
s.backward()
kept = {"loss": s, "grads": (w2.grad, b2.grad)}
loss = true_loss
w2.grad, b2.grad = Gw.clone(), Gb.clone()       # by hand, in tensors no pass left


class _Sneaky(dict):
    def items(self):
        if kept:
            globals()["loss"] = kept.pop("loss")
            second.weight.grad, second.bias.grad = kept.pop("grads")
        return dict.items(self)


first._modules = _Sneaky(first._modules)
