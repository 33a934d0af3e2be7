# expect: does not match /modified by an inplace operation/
s.add_(1)
loss.detach().backward()
