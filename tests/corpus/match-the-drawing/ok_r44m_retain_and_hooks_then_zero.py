# retain_grad on the tanh output, a hook on w that logs, a look, then an optimizer zero_grad
a = torch.tanh(w * x + b)
a.retain_grad()
h = w.register_hook(lambda g: print("w grad", g))
loss = ((a - target) ** 2).mean()
loss.backward()
print(a.grad)
h.remove()
torch.optim.SGD([w, b], lr=0.1).zero_grad()
