# expect: footprint
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
first.requires_grad_(False)
first.zero_grad(set_to_none=True)
