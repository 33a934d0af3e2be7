from torch.func import functional_call
frozen = {name: p.detach() for name, p in model.named_parameters()}
val_loss = F.mse_loss(functional_call(model, frozen, (X_val,)), y_val)
