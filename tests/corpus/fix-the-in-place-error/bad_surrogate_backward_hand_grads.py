# expect: started at
# hand gradients carried into .grad by a surrogate backward; loss itself is still the broken graph
h = torch.sigmoid(x * w)
h.mul_(2)
loss = (h * x).sum()
# backward fails; work the gradients out by hand and let a linear surrogate's backward put them in .grad
with torch.no_grad():
    s = h / 2
    ds = s * (1 - s)
    gx = h + x * 2 * ds * w
    gw = x * 2 * ds * x
(x * gx + w * gw).sum().backward()
