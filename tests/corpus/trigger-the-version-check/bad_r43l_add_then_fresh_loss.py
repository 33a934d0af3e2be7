# expect: Your code bound `loss` to something else
s.add_(1)
loss = s.sum()        # "recompute the loss after changing s"
loss.backward()
