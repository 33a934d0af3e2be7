# expect: starts at loss
s.add_(1)
t = x.exp()          # a graph of its own; loss.backward() is never called
t.add_(1)
t.sum().backward()
