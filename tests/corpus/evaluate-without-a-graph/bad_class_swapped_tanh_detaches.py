# expect: changed the module
# evaluation done right, but the Tanh's class is swapped for one that cuts the graph: later training never reaches model[0]
class Cut(nn.Tanh):
    def forward(self, t):
        return torch.tanh(t).detach()

with torch.no_grad():
    val_loss = F.mse_loss(model(X_val), y_val)
model[1].__class__ = Cut
