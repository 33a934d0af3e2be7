# expect: hooks on model[0], model[2]
out_norms = []
# Not on the two nn.Linear layers: a pre-hook on the Sequential container (its grad_output is the
# last Linear's) and a hook on the Tanh (its grad_input is the first Linear's output gradient).
model.register_full_backward_pre_hook(lambda m, go: out_norms.append(go[0].norm().item()))
model[1].register_full_backward_hook(lambda m, gi, go: out_norms.append(gi[0].norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
