# expect: value of out_norms
out_norms = []

def record(module, grad_input, grad_output):
    out_norms.append(grad_output[0].norm().item())

for layer in (model[0], model[2]):
    layer.register_full_backward_hook(record)
pred = model(x)
# d(mse)/d(pred) worked out by hand: no loss is ever differentiated
pred.backward(2 * (pred.detach() - target) / pred.numel())
