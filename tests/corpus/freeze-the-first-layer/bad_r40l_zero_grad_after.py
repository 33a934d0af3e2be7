# expect: clearing gradients) after `loss` was computed is too late
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
first.zero_grad()
