# expect: started at
loss = (x * a + x.exp()).sum()
twin = (x * a + x.exp()).sum()
twin.backward()
