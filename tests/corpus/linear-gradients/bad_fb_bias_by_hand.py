# expect: not left there by a backward pass
y = w * x + b
b.grad = torch.ones_like(b)     # d y / d b is 1 anyway
(w * x).backward()              # backward only through the product
