from torch.func import grad, jvp

df = grad(f)
g = df(x)
cols = []
for e in torch.eye(x.numel(), device=x.device, dtype=x.dtype):
    _, col = jvp(df, (x,), (e,))
    cols.append(col)
H = torch.stack(cols, dim=1)
