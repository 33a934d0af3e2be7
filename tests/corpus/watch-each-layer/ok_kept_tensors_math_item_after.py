import math
kept = []
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gi, go: kept.append(go[0]))
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = [math.sqrt(t.pow(2).sum().item()) for t in kept]
