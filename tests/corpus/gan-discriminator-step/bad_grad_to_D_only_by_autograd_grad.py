# expect: graph of d_loss
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
dw, db = torch.autograd.grad(d_loss, [D.weight, D.bias])
D.weight.grad, D.bias.grad = dw, db
