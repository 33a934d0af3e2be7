first.requires_grad_(False)
pred = second(torch.relu(first(X))).squeeze(-1)
loss = F.mse_loss(pred, y.squeeze(-1), reduction="sum") / len(y)
loss.backward()
