out_norms = list()

class Probe:
    def __init__(self, layer, sink):
        self.handle = layer.register_full_backward_hook(self)
        self.sink = sink

    def __call__(self, layer, grad_input, grad_output):
        self.sink.append(torch.linalg.vector_norm(grad_output[0]).item())
        return None

probes = [Probe(model[i], out_norms) for i in (0, 2)]
loss = F.mse_loss(model(x), target)
loss.backward()
for p in probes:
    p.handle.remove()
