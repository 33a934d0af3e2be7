# expect: lets your code change only `s` in place
loss.add_(1)        # change in place, then backward
loss.backward()
