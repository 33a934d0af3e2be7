w = nn.Parameter(init.clone())
out = data @ w
out.grad_fn.register_prehook(lambda grad_outputs: print("grad into the matmul", grad_outputs[0].shape))
loss = out.sum()
loss.backward()
w.grad = None
