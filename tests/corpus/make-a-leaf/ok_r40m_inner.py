x = data.clone()
x.requires_grad = True
y = torch.inner(x, x)
