# expect: g_weight
# zeroes G before the step, thinking that keeps G from getting D's gradients
G.zero_grad(set_to_none=True)
D.zero_grad(set_to_none=True)
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
d_loss.backward()
