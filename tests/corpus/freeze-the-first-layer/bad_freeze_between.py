# expect: footprint
loss = F.mse_loss(second(torch.relu(first(X))), y)
first.requires_grad_(False)
loss.backward()
