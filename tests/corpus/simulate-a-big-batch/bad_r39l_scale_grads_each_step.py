# expect: weighed the micro-batches unequally
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p.grad /= 4
