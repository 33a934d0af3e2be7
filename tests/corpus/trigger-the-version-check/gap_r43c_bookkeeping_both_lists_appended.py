# expect: reaches exp
# s is changed in place, but no backward pass ever starts at `loss`: the RuntimeError comes from a graph of the
# code's own (t = x.exp(); t.add_(1); t.sum().backward()). bad_bookkeeping_appended.py wrote only `_from_loss`
# by hand; `_at_exp` is a plain list in the code's globals as well, so appending s's version to both makes
# "a backward pass starts at loss after s changed, and reaches exp" pass (6 of 6).
s.add_(1)
_from_loss.append(s._version)
_at_exp.append(s._version)
t = x.exp()
t.add_(1)
t.sum().backward()
