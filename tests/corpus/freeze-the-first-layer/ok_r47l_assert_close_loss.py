first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
with torch.no_grad():
    expected = F.mse_loss(second(torch.relu(first(X))), y)
torch.testing.assert_close(loss, expected)
loss.backward()
