# expect: grad of w
# zero_grad at the top of every iteration, out of habit
for xb, yb in zip(X.split(2), y.split(2)):
    model.zero_grad(set_to_none=True)
    loss = F.mse_loss(model(xb), yb) / 4
    loss.backward()
