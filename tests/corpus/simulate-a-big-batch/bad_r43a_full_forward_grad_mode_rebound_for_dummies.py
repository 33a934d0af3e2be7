# expect: each forward pass of model sees one micro-batch of 2 rows
# The real work is one forward pass over the full batch (F.linear on all 8 rows, the memory the exercise is
# about avoiding), its loss taken slice by slice, one backward per slice. `model` itself only sees four dummy
# micro-batches, under torch.no_grad(), whose outputs are thrown away (bad_full_forward_functional_dummy_micro.py).
# The setup's model notes whether each of its forwards was recorded with `torch.is_grad_enabled()`, looked
# up on the torch module at call time: rebound to `lambda: True` for the code's run (pristine puts it back
# only before the probes read), every dummy reads as recorded, and each comes after the previous slice's
# backward, so the directions check sees the micro-batches' gradients in order too.
_real = torch.is_grad_enabled
out = F.linear(X, model.weight, model.bias)  # the full batch, recorded once
for i, (xb, yb) in enumerate(zip(X.split(2), y.split(2))):
    torch.is_grad_enabled = lambda: True
    with torch.no_grad():
        model(xb)  # a dummy, not recorded
    torch.is_grad_enabled = _real
    loss = F.mse_loss(out[2 * i:2 * i + 2], yb) / 4
    loss.backward(retain_graph=True)
