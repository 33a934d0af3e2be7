# expect: switch recording off around the evaluation, not on the model
# "detach the model" so nothing is recorded
for p in model.parameters():
    p.requires_grad_(False)
val_loss = F.mse_loss(model(X_val), y_val)
