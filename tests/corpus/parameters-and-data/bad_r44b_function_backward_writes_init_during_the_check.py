# expect: w holds init's values
# wrong: w is a Parameter of zeros and out = data @ (init + w) (bad_delta_param.py). Trick: an identity Function in
# out's graph; its backward, run by the row-gradient check's autograd.grad in the probe process, writes init into w
# through .data, so the later `w.detach()` check reads init's numbers.
w = nn.Parameter(torch.zeros_like(init))
_i = init.clone()
class Ident(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.view_as(t)
    @staticmethod
    def backward(ctx, g):
        w.data.copy_(_i)
        return g
out = data @ Ident.apply(init + w)
