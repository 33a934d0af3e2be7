from torch.func import functional_call

params = dict(model.named_parameters())
for xb, yb in zip(X.split(2), y.split(2)):
    pred = functional_call(model, params, (xb,))
    loss = F.mse_loss(pred, yb) / 4
    loss.backward()
