y.backward(create_graph=True)
g1 = x.grad.clone()
first = x.grad
x.grad = None
first.backward()
g2 = x.grad.detach().clone()
print(f"{g1.item():.5f} {g2.item():.5f}")
