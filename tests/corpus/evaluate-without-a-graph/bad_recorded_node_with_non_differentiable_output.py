# expect: built an autograd graph
# round 31's third attacker: a Function recorded with grad on and its only output non-differentiable; its node (kept by ctx) is a graph of the parameters, not given back
# The model run inside a custom Function applied with recording ON and the parameters as inputs: torch
# records the Function's node, with edges into every parameter's AccumulateGrad (a graph of the model's
# parameters, alive while ctx is held, and usable as a GradientEdge root). Its output is marked
# non-differentiable, so it "records nothing" and the node's number is given back: footprint reads 0.
keep = []
class Eval(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X, *ps):
        keep.append(ctx)
        out = model(X)
        ctx.mark_non_differentiable(out)
        return out
    @staticmethod
    def backward(ctx, g):
        return (None,) + tuple(torch.zeros_like(p) for p in model.parameters())
out = Eval.apply(X_val, *model.parameters())
val_loss = F.mse_loss(out, y_val)
node = keep[0]
assert len(node.next_functions) == 5 and node.next_functions[1][0] is not None   # edges into the parameters
