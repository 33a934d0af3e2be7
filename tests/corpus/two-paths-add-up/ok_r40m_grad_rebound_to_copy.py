loss = (x * a + x.exp()).sum()
loss.backward()
x.grad = x.grad.detach().clone()  # keep my own copy
print(x.grad)
