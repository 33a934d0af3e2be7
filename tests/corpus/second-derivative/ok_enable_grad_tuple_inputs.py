with torch.enable_grad():
    grads = torch.autograd.grad([y], (x,), create_graph=True)
    g1 = grads[0]
    second = torch.autograd.grad([g1], [x])
g2 = second[0]
print("dy/dx =", g1.item(), " d2y/dx2 =", g2.item())
