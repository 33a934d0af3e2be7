# expect: w1.requires_grad
loss = F.mse_loss(second(torch.relu(first(X)).detach()), y)
loss.backward()
