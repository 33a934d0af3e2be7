first.requires_grad_(False)
model = nn.Sequential(first, nn.ReLU(), second)
loss = F.mse_loss(model(X), y)
loss.backward()
