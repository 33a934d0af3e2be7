# expect: no autograd graph
# Trick: the forward runs WITH recording on (graph built, then detached) inside a `flush` set on the
# run's own sys.stdout object (a TextIOWrapper has an instance dict, and a method set there wins).
# The probe step flushes that very object after observe.end() closed the record: nodes not counted.
import sys
def _late():
    globals()["val_loss"] = F.mse_loss(model(X_val), y_val).detach()   # graph built, not counted
    del sys.stdout.flush
sys.stdout.flush = _late
val_loss = torch.zeros(0)
