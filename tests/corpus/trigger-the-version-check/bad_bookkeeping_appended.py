# expect: reaches exp
# s changed in place, the setup's bookkeeping list fed by hand, the error raised by a graph of our own
s.add_(1)
_from_loss.append(s._version)
t = x.exp()
t.add_(1)
t.sum().backward()
