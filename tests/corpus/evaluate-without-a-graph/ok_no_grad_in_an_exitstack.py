# round 31's learner probe: no_grad entered through an ExitStack
import contextlib
with contextlib.ExitStack() as stack:
    stack.enter_context(torch.no_grad())
    val_loss = F.mse_loss(model(X_val), y_val)
assert not val_loss.requires_grad
