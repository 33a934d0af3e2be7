# norms kept by layer in a dict, then listed in the order backward reached them
seen = {}

def make(i):
    def record(module, grad_input, grad_output):
        seen[i] = grad_output[0].norm().item()
    return record

for i in (0, 2):
    model[i].register_full_backward_hook(make(i))
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = [seen[2], seen[0]]
