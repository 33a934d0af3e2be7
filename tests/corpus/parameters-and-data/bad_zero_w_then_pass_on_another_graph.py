# expect: each row's gradient with respect to w is that row of data
# wrong: out from init with 0*w; its graph freed by its own backward, then a pass on data@w leaves the right direction
w = nn.Parameter(init.clone())
out = data @ init + 0 * w.sum()
out.sum().backward()
w.grad = None
(data @ w).sum().backward()
