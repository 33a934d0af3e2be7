# expect: but not as `torch.autograd.grad` returned them
h.retain_grad()
(dW,) = torch.autograd.grad(loss, W, retain_graph=True)
dh = h.grad           # "retain_grad keeps it"
