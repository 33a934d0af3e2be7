first.requires_grad_(False)
pred = second(torch.relu(first(X)))
loss = ((pred - y) ** 2).mean()     # the same as F.mse_loss(pred, y)
loss.backward()
