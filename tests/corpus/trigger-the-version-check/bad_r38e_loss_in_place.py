# expect: RuntimeError
loss.add_(1)        # change in place, then backward
loss.backward()
