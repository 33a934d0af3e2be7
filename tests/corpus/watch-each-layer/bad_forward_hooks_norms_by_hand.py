# expect: did not follow the gradients your hooks were handed
# two forward hooks (no backward hook at all); the gradient norms worked out by hand inside the last one
out_norms = []

def noop(module, inputs, output):
    pass

def by_hand(module, inputs, output):
    with torch.no_grad():
        h = inputs[0]
        g2 = 2 * (output - target) / output.numel()
        g1 = (g2 @ module.weight) * (1 - h ** 2)
        out_norms.append(g2.norm().item())
        out_norms.append(g1.norm().item())

model[0].register_forward_hook(noop)
model[2].register_forward_hook(by_hand)
loss = F.mse_loss(model(x), target)
loss.backward()
