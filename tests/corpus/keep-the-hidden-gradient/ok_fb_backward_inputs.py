# ok: clear W.grad, retain h's gradient, autograd.backward with both as inputs
W.grad = None
h = x @ W
h.retain_grad()
loss = torch.tanh(h).sum()
torch.autograd.backward(loss, inputs=[h, W])
