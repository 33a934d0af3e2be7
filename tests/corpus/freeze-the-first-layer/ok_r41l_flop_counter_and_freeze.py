from torch.utils.flop_counter import FlopCounterMode

for p in first.parameters():
    p.requires_grad_(False)
with FlopCounterMode(display=False) as fc:
    loss = F.mse_loss(second(torch.relu(first(X))), y)
    loss.backward()
print(fc.get_flop_counts())
