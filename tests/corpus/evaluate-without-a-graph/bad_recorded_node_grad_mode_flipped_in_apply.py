# expect: built an autograd graph
# round 31's fourth attacker: grad mode turned on inside apply by a descriptor of the code's, the node recorded
# Function.apply called under no_grad (the grader's _recorded sees grad mode off), but torch's apply reads
# cls.setup_context first, a descriptor of the code's that turns grad mode on: torch records the node with
# edges into every parameter; the only output is non-differentiable and its number is given back.
keep = []
ps = tuple(model.parameters())
class Flip:
    def __get__(self, obj, cls):
        torch._C._set_grad_enabled(True)
        return torch.autograd.function._SingleLevelFunction.setup_context
class Eval(torch.autograd.Function):
    setup_context = Flip()
    @staticmethod
    def forward(ctx, X, *ps):
        keep.append(ctx)
        out = model(X)
        ctx.mark_non_differentiable(out)
        return out
    @staticmethod
    def backward(ctx, g):
        return (None,) + tuple(torch.zeros_like(p) for p in ps)
with torch.no_grad():
    out = Eval.apply(X_val, *ps)
    torch._C._set_grad_enabled(False)
    val_loss = F.mse_loss(out, y_val)
node = keep[0]
assert len(node.next_functions) == 5 and node.next_functions[1][0] is not None   # edges into the parameters
