# expect: changed the module
# model.forward wrapped in no_grad for good: every later training forward builds no graph
model.forward = torch.no_grad()(model.forward)
val_loss = F.mse_loss(model(X_val), y_val)
