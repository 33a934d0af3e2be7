# expect: and the right one: an answer of that type fails where its value is wrong
# thought the hook clamps y itself
y = (x * w).clamp(-0.5, 0.5)
loss = (y ** 2).sum()
loss.backward()
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
