loss = torch.sum(torch.exp(x) + torch.mul(x, a))
loss.backward()
# x.grad should be a + exp(x)
print(torch.allclose(x.grad, a + x.detach().exp()))
