# expect: set by your code
loss = (x * a + x.exp()).sum()
loss.backward()
x.grad = a.clone()      # "the gradient of x * a is a"
