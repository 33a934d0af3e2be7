# expect: backward
loss = (x * a + x.exp()).sum()
(x * a).sum().backward()      # one backward per path; loss's own backward never runs
x.exp().sum().backward()
