# ok: the pass from a sum or mean of the scalar loss, loss kept as a number or a detached copy after it
first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.mean().backward()
loss = loss.detach()
