class Identity(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        return g

with torch.no_grad():
    val_loss = F.mse_loss(Identity.apply(model(X_val)), y_val)
