# clamp through a pre-hook on the node that receives y's gradient
y = x * w
y.grad_fn.register_prehook(lambda grad_outputs: (grad_outputs[0].clamp(-0.5, 0.5),))
(y ** 2).sum().backward()
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
