# expect: started at
# the pass starts at a detached alias of y (same memory) that carries hand-made gradients
y = w * x + b
keep = y.item()
v = y.detach()
v.mul_(0).add_(w * x.detach() + x * w.detach() + b - (w * x.detach() + x * w.detach() + b).detach())
v.backward()
with torch.no_grad():
    v.fill_(keep)
