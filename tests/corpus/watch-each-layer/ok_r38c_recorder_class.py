class NormRecorder:
    """Callable backward hook that stores |dL/d(output)|."""
    def __init__(self, sink: list):
        self.sink = sink

    def __call__(self, module, grad_input, grad_output):
        g = grad_output[0]
        self.sink.append(float(g.norm()))

out_norms = []
rec = NormRecorder(out_norms)
for layer in model:
    if type(layer) is nn.Linear:
        layer.register_full_backward_hook(rec)
loss = F.mse_loss(model(x), target)
loss.backward()
print(f"norms (last layer first): {out_norms}")
