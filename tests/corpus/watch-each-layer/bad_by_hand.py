# expect: hook
h0 = model[0](x)
h1 = model[1](h0)
out = model[2](h1)
h0.retain_grad()
out.retain_grad()
loss = F.mse_loss(out, target)
loss.backward()
out_norms = [out.grad.norm().item(), h0.grad.norm().item()]
