first.eval()
first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
