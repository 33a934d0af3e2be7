# expect: graph
# backward(inputs=D's parameters) on the loss through G, then d_loss rebound to a detached graph nobody differentiates
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake)).mean()
d_loss.backward(inputs=list(D.parameters()))   # only D gets gradients ...
# ... and a d_loss without G, built again for show (never backpropagated)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
