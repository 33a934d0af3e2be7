# expect: y changes with x as a sum of squares does
x = data.clone().requires_grad_()
y = torch.dot(x, data)
