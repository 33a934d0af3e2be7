# expect: nothing else
for xb, yb in zip(X.split(2), y.split(2)):
    (F.mse_loss(model(xb), yb) / 4).backward()
with torch.no_grad():
    print("full-batch loss:", F.mse_loss(model(X), y).item())
