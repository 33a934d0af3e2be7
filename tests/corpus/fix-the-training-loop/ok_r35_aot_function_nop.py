# CORRECT answer (gradients by autograd): the loss compiled once with functorch's aot_function and its default (nop)
# compilers; autograd's traced backward graph gives each step's gradient
from functorch.compile import aot_function, nop

mse = aot_function(lambda w_, X_, y_: ((X_ @ w_ - y_) ** 2).mean(), fw_compiler=nop, bw_compiler=nop)
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = mse(w, X, y)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
