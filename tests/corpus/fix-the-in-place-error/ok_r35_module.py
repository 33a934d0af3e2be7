act = nn.Sigmoid()
h = act(x * w) * 2.0
loss = (h * x).sum()
loss.backward()
print(loss.item())
