n = X.shape[0]
for xb, yb in zip(torch.chunk(X, 4), torch.chunk(y, 4)):
    err = ((model(xb) - yb) ** 2).mean()
    (err * len(xb) / n).backward()
