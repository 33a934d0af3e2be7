# expect: changed the module
# evaluation done right, then a global forward hook left on that detaches every module's output
def cut(module, inputs, output):
    return output.detach()

with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
torch.nn.modules.module.register_module_forward_hook(cut)
