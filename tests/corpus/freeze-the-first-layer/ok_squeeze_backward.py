# ok: backward on .sum() of the scalar loss
first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.sum().backward()
