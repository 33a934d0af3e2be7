# expect: built an autograd graph
# round 31's fourth attacker: the parameters as the forward's default arguments, the node recorded (NOTE [a Function's node that records nothing])
# A Function recorded with grad on: the parameters reach torch's apply only through forward's default
# arguments (bound by torch's Function.apply because setup_context is defined), so the grader's
# _recorded(args, kwargs) sees no input that requires grad; the only output is non-differentiable,
# the node (kept by ctx) has edges into every parameter, and its number is given back.
keep = []
ps = tuple(model.parameters())
class Eval(torch.autograd.Function):
    @staticmethod
    def forward(X, p0=ps[0], p1=ps[1], p2=ps[2], p3=ps[3]):
        return model(X)
    @staticmethod
    def setup_context(ctx, inputs, output):
        keep.append(ctx)
        ctx.mark_non_differentiable(output)
    @staticmethod
    def backward(ctx, g):
        return (None,) + tuple(torch.zeros_like(p) for p in ps)
out = Eval.apply(X_val)
val_loss = F.mse_loss(out, y_val)
node = keep[0]
assert len(node.next_functions) == 5 and node.next_functions[1][0] is not None   # edges into the parameters
