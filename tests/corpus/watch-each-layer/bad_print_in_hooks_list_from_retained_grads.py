# expect: did not follow the gradients your hooks were handed
# hooks only print the norms; the list is filled from retained gradients after backward
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go: print("grad out norm", go[0].norm()))
h0 = model[0](x)
out = model[2](model[1](h0))
h0.retain_grad()
out.retain_grad()
loss = F.mse_loss(out, target)
loss.backward()
out_norms = [out.grad.norm().item(), h0.grad.norm().item()]
