# expect: setup's `loss`
s.add_(1)
loss = s.sum()      # the loss of the changed s; its graph still goes through exp
loss.backward()
