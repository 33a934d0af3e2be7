# expect: inputs=
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
# only D's parameters receive gradients, but d_loss still reaches G
d_loss.backward(inputs=list(D.parameters()))
