import math

out_norms = []


def record(module, grad_input, grad_output):
    values = grad_output[0].flatten().tolist()
    out_norms.append(math.sqrt(sum(v * v for v in values)))


model[2].register_full_backward_hook(record)
model[0].register_full_backward_hook(record)
pred = model(x)
loss = ((pred - target) ** 2).mean()
loss.backward()
