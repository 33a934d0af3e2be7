# ok: a trial pass from a squared-error loss (retain_graph=True)
w = nn.Parameter(init.clone())
out = data @ w
# quick test that training would move w: loss = mean squared output
(out ** 2).mean().backward(retain_graph=True)
print("grad for w", w.grad)
