# expect: y changes with x as a sum of squares does
x = data.clone().requires_grad_()
y = (x * data).sum()
y.backward(torch.tensor(2.0))
