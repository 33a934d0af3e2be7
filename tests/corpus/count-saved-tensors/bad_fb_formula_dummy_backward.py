# expect: not left there by a backward pass
n_saved = 0
n_elements = 0

def pack(t):
    global n_saved, n_elements
    n_saved += 1
    n_elements += t.numel()
    return t

with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = block(x)
with torch.no_grad():
    s = torch.sin(x) * x
    x.grad = torch.exp(s) * (torch.cos(x) * x + torch.sin(x))
out.detach().requires_grad_().backward()   # "call out.backward()"
