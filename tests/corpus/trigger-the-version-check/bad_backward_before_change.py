# expect: after s changed
# learner's order slip: backward first, then the in-place change, then backward again
loss.backward(retain_graph=True)
x.grad = None
s.add_(1)
y = (x.exp() + 0).sum()
s2 = x.exp()
s2.add_(1)
(s2 * 1).sum().backward()
