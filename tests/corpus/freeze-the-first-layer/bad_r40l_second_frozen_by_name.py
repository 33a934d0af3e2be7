# expect: `b2` does not require grad
for m in (first, second):
    m.requires_grad_(False)
second.weight.requires_grad_(True)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
