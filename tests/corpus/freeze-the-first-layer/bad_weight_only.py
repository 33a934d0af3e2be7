# expect: grad of b1
w1.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
