# expect: was set by your code
# Round 36's attacker (NOTE [results read before the code can run], readfirst.py):
# The pass leaves scale / 2 in x.grad; the code then writes x.grad = scale by hand. The grad probe reads the
# hand numbers; the next check's probe calls RoundSTE.apply, whose forward (code of the code's, run after
# observation ended) puts the pass's own tensor back before the `observed` probe judges where x.grad came from.
kept = {}


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        if "pass" in kept:
            globals()["x"].grad = kept.pop("pass")
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


y = RoundSTE.apply(x)
loss = (y * scale).sum()
(loss * 0.5).backward()
kept["pass"] = x.grad
x.grad = scale.clone()          # the gradient, by hand
