# ok: torch.autograd.backward with an explicit inputs list
y = w * x + b
torch.autograd.backward(y, inputs=[w, x, b])
