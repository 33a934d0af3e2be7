# expect: differs from the expected value
# Trick: the forward runs WITH recording on (a graph is built, then detached), but inside an
# os.register_at_fork(after_in_child=...) callback. The probe step forks with os.fork() when the
# run's thread count cannot be read, so closing the run's /proc status descriptor makes it fork:
# the callback then runs in the probe process, after observe.end() closed the record (nodes not counted).
import os, stat
def _late():
    globals()["val_loss"] = F.mse_loss(model(X_val), y_val).detach()   # graph built, not counted
os.register_at_fork(after_in_child=_late)
for _fd in range(3, 256):
    try:
        _st = os.fstat(_fd)
    except OSError:
        continue
    if stat.S_ISREG(_st.st_mode):      # the run's own /proc/self/status (the control fd is a socket)
        os.close(_fd)
val_loss = torch.zeros(())              # placeholder until the callback rebinds it
