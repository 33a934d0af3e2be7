# expect: value of val_loss
# Trick: the code ends with `raise SystemExit(0)` whose instance carries an object with __del__.
# run() reads SystemExit(0) as a clean end and drops the exception (`error = None`) after observe.end():
# the __del__ runs the forward WITH recording on in a thread it starts and joins (a thread started once
# _S.on is off is not counted; its nodes are on its own sequence counter, which count_late does not read).
import threading
class _D:
    def __del__(self):
        def work():
            globals()["val_loss"] = F.mse_loss(model(X_val), y_val).detach()
        t = threading.Thread(target=work); t.start(); t.join()
val_loss = torch.zeros(0)
_e = SystemExit(0)
_e.keep = _D()
try:
    raise _e
finally:
    del _e
