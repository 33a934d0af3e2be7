# round 31's learner probe: a post-hook on the Pow node clips
y = x * w
loss = (y ** 2).sum()
pow_node = loss.grad_fn.next_functions[0][0]
pow_node.register_hook(lambda grad_inputs, grad_outputs: tuple(g.clamp(-0.5, 0.5) for g in grad_inputs))
loss.backward()
