# expect: not left there by a backward pass
h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(retain_graph=True)
g1 = x.grad.clone()
x.grad = None                    # keep the passes apart ...
loss2.backward()
x.grad = x.grad + g1             # ... and add them up by hand
