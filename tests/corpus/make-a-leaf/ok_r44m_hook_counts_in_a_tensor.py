# A hook that counts its calls in a tensor, updated in place
calls = torch.zeros((), dtype=torch.int64)

def count(g):
    calls.add_(1)

x = data.clone().requires_grad_()
x.register_hook(count)
y = (x ** 2).sum()
y.backward()
print("hook ran", int(calls), "time(s)")
