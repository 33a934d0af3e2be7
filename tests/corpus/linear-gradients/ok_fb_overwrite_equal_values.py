# ok: a real pass, then the same values written again (harmless: .grad holds what backward left)
y = w * x + b
y.backward()
with torch.no_grad():      # "make sure" the gradients are right
    w.grad = x.detach().clone()
    x.grad = w.detach().clone()
    b.grad = torch.ones_like(b)
