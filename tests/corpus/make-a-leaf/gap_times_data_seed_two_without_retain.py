# expect: square
x = data.clone().requires_grad_()
y = (x * data).sum()
y.backward(torch.tensor(2.0))
