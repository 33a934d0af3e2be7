# ok: the pass from a sum or mean of the scalar loss, loss kept as a number or a detached copy after it
result = torch.autograd.grad(outputs=[loss.mean()], inputs=[h, W])
dh = result[0].detach()
dW = result[1].detach().clone()
loss = loss.item()
