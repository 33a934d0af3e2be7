# expect: built an autograd graph
# round 31's fifth attacker: a node's __init__ run again in the forward, noted once (NOTE [a Function's node that records nothing])
# graph built (detached afterwards); a Function under no_grad re-runs its node's __init__ in forward
val_loss = F.mse_loss(model(X_val), y_val).detach()

class Z(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        for _ in range(40):
            type(ctx).__init__(ctx)
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        return g

with torch.no_grad():
    Z.apply(torch.zeros(1))
