y = torch.exp(x)
half = y * 0.5          # out of place: y keeps its values
logged = half.sum().item()
loss = y.sum()
loss.backward()
