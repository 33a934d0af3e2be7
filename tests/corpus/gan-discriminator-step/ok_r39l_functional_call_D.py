from torch.func import functional_call
params = dict(D.named_parameters())
fake = G(z)
def d_score(inp):
    return functional_call(D, params, (inp,))
d_loss = F.softplus(-d_score(real)).mean() + F.softplus(d_score(fake.detach())).mean()
d_loss.backward()
