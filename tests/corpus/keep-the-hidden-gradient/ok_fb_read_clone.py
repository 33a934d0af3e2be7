# ok: retain_grad, backward, then inspect a copy of dL/dh
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
loss.backward()
dh = h.grad.clone()
print("dL/dh:", dh, "norm of W.grad:", W.grad.norm().item())
