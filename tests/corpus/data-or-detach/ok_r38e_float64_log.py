y = torch.exp(x)
logged: float = y.detach().double().sum().item() * 0.5
loss = y.sum()
loss.backward()
print(f"log: {logged:.4f}")
