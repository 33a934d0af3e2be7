# expect: `w2.grad` is None
with torch.no_grad():
    loss = F.mse_loss(second(torch.relu(first(X))), y)
first.requires_grad_(False)
loss.requires_grad_(True)
loss.backward()
