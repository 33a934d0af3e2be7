# expect: grad of d_weight
# the path into G is never cut: d_loss is a custom Function whose hand gradient is named `vjp` (torch's alias of
# backward): the class's `backward` is then torch's own stub, so its code file is in torch's folder
fake = G(z)

class DLoss(torch.autograd.Function):
    @staticmethod
    def forward(ctx, wd, bd, real_, fake_):
        sr = real_ @ wd.T + bd
        sf = fake_ @ wd.T + bd
        ctx.save_for_backward(real_, fake_, sr, sf)
        return F.softplus(-sr).mean() + F.softplus(sf).mean()
    @staticmethod
    def vjp(ctx, g):
        real_, fake_, sr, sf = ctx.saved_tensors
        gr = -torch.sigmoid(-sr) / sr.shape[0]
        gf = torch.sigmoid(sf) / sf.shape[0]
        gw = gr.T @ real_ + gf.T @ fake_
        gb = gr.sum(0) + gf.sum(0)
        return g * gw, g * gb, None, None

d_loss = DLoss.apply(d_weight, d_bias, real, fake.data)
d_loss.backward()
