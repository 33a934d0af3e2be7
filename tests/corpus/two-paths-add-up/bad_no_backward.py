# expect: grad of x
loss = (x * a + x.exp()).sum()
