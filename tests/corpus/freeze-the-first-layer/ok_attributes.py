first.weight.requires_grad = False
first.bias.requires_grad = False
hidden = torch.relu(first(X))
prediction = second(hidden)
loss = F.mse_loss(prediction, y)
loss.backward()
