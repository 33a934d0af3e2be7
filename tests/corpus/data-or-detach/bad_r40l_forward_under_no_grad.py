# expect: does not have a grad_fn
with torch.no_grad():
    y = torch.exp(x)
    logged = (y * 0.5).sum().item()
loss = y.sum()
loss.backward()
