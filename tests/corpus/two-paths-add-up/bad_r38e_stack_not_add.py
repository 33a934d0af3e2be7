# expect: graph
loss = torch.stack([x * a, x.exp()]).sum()
loss.backward()
