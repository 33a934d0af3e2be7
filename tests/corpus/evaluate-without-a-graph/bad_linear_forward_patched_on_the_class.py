# expect: what calling it runs
# nn.Linear's forward (the class's) is replaced by one that detaches the weights, and left so: the
# model's class objects are unchanged, and training never reaches its parameters again.
nn.Linear.forward = lambda self, t: F.linear(t, self.weight.detach(), self.bias.detach())
val_loss = F.mse_loss(model(X_val), y_val)
