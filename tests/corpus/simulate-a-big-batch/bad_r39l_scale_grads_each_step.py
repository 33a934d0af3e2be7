# expect: grad of w
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb)
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p.grad /= 4
