# expect: hook
norms = []
total = torch.zeros_like(w)

for xb in batches:
    pre = xb @ w
    def log(g, xb=xb):
        global total
        total = total + xb.T @ g       # chain rule by hand to w
        norms.append(total.norm().item())
    pre.register_hook(log)              # a hook on a non-leaf, registered in the loop
    loss = torch.tanh(pre).sum()
    loss.backward()
