# Layers tagged through a subclass of nn.Linear? no: model is given. A recorder class with __call__.
class NormRecorder:
    name = "grad_output norms"

    def __init__(self):
        self.values = []

    def __call__(self, module, grad_input, grad_output):
        self.values.append(grad_output[0].norm().item())


rec = NormRecorder()
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(rec)
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = rec.values
