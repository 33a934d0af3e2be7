# expect: square
# one tracked factor; a "check" backward seeded with 2 makes x.grad look like 2x
x = data.clone().requires_grad_()
y = (x * data).sum()
y.backward(torch.tensor(2.0), retain_graph=True)
