# The clamp as a pre-hook on the node that consumes y (pow), and a printing post-hook on y's own node
y = x * w
sq = y ** 2
sq.grad_fn.register_hook(lambda grad_inputs, grad_outputs: (grad_inputs[0].clamp(-0.5, 0.5),))
y.grad_fn.register_hook(lambda gi, go: print("mul node got", go[0]))
loss = sq.sum()
loss.backward()
