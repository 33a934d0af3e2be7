# expect: called backward() 2 times
# the deep copy made after registering carries the hooks, and a second backward through it records again
import copy

out_norms = []
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(lambda m, gi, go: out_norms.append(go[0].norm().item()))
twin = copy.deepcopy(model)
loss = F.mse_loss(model(x), target)
loss.backward()
F.mse_loss(twin(x), target).backward()
