y = torch.exp(x)
logged = 0.5 * sum(y.tolist())   # plain Python floats, no tensor touched
loss = y.sum()
loss.backward()
