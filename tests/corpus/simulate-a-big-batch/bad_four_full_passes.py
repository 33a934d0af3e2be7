# expect: footprint
for _ in range(4):
    (F.mse_loss(model(X), y) / 4).backward()
