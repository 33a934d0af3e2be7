# expect: each row's gradient with respect to w is that row of data
# wrong: out = data @ (2w - w.detach()) (twice the gradient); graph freed by the code's own backward, zero_grad after
w = nn.Parameter(init.clone())
out = data @ (2 * w - w.detach())
out.sum().backward()
w.grad = None
