# expect: w1
# thought: giving the optimizer only second's parameters freezes first
opt = torch.optim.SGD(second.parameters(), lr=0.01)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
