# expect: holds the expected values in reverse order
out_norms = []
norms = {}

def make(name):
    def hook(module, grad_input, grad_output):
        norms[name] = grad_output[0].norm().item()
    return hook

model[0].register_full_backward_hook(make("first"))
model[2].register_full_backward_hook(make("last"))
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = [norms["first"], norms["last"]]
