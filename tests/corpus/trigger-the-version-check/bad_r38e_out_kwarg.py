# expect: not the error this exercise is about
torch.add(s, 1, out=s)     # out= writes into s: in place
loss.backward()
