# expect: value of val_loss
# Trick: the forward runs WITH recording on (graph built, then detached) inside a __del__ of cyclic
# garbage that re-arms itself until the observers are off (read, not written: _S.on). With a gen-0
# threshold of 1, a collection runs between observe.end() and the probe step's gc.disable(): the
# nodes are made after the record closed and never counted (no thread, no fork needed).
import gc, sys
_S = sys.modules["tutor.grade.observe_state"]._S
class _Late:
    def __del__(self):
        if _S.on:
            c = _Late(); c.me = c          # not yet: leave another cycle for the next collection
        elif "val_loss" not in globals() or globals()["val_loss"].numel() == 0:
            globals()["val_loss"] = F.mse_loss(model(X_val), y_val).detach()
_c = _Late(); _c.me = _c; del _c
gc.set_threshold(1, 1, 1)
val_loss = torch.zeros(0)
