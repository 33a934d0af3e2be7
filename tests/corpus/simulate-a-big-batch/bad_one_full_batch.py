# expect: backward
F.mse_loss(model(X), y).backward()
