# expect: s was changed in place
arr = s.detach().numpy()
arr += 1
loss.backward()
