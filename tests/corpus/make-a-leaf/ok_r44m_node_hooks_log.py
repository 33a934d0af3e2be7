# Node hooks (pre and post) on y's grad_fn that only print, then one backward
x = data.clone().requires_grad_()
y = (x ** 2).sum()
y.grad_fn.register_prehook(lambda grad_outputs: print("into", type(y.grad_fn).__name__, grad_outputs[0]))
y.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("out of it", grad_inputs[0].shape))
y.backward()
print(x.grad)
