import copy
# evaluate a frozen copy; the model itself keeps training
frozen = copy.deepcopy(model).requires_grad_(False)
val_loss = F.mse_loss(frozen(X_val), y_val)
