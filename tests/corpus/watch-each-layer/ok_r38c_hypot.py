import math
out_norms = []

def record(module, grad_input, grad_output):
    out_norms.append(math.hypot(*grad_output[0].flatten().tolist()))

model[2].register_full_backward_hook(record)
model[0].register_full_backward_hook(record)
loss = ((model(x) - target) ** 2).mean()
torch.autograd.backward(loss)
