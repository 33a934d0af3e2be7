# expect: `w1.requires_grad` is True, expected False
first.requires_grad = False
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
