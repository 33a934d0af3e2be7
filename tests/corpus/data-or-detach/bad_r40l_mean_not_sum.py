# expect: `logged` is
y = torch.exp(x)
logged = (y.detach() * 0.5).mean().item()
loss = y.sum()
loss.backward()
