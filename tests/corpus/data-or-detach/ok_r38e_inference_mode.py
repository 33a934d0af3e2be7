y = torch.exp(x)
with torch.inference_mode():
    logged = torch.mul(y, 0.5).sum().item()
loss = y.sum()
loss.backward()
