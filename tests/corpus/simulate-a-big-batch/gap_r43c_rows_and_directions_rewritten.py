# expect: each micro-batch's backward pass runs before the next forward
# One forward over the full batch, sliced; no micro-batch is ever fed to model. bad_full_forward_rows_rewritten.py
# rewrote only `_rows`; the setup's `_directions` (read by `_grad_steps()`) is a plain list in the code's globals
# too, and the setup's own `_direction()` computes exactly what the recorder would have appended before each
# later micro-batch's forward. The code calls it between its passes and writes both records afterwards: 8 of 8.
out = model(X)                    # one forward over the full batch
dirs = []
for i in range(0, 8, 2):
    if i:
        dirs.append(_direction())
    (F.mse_loss(out[i:i + 2], y[i:i + 2]) / 4).backward(retain_graph=True)
_rows[:] = [(2, True)] * 4
_directions[:] = dirs
