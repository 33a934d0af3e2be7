y = w * x + b
torch.autograd.backward([y])
print(w.grad, x.grad, b.grad)
