loss = (x * a + x.exp()).sum()
loss.backward(inputs=[x])
