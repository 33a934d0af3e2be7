# ok: freeze, clear the head's grads, backward restricted to the head's parameters
for p in first.parameters():
    p.requires_grad = False
second.zero_grad()
loss = F.mse_loss(second(torch.relu(first(X))), y)
torch.autograd.backward(loss, inputs=list(second.parameters()))
print({n: p.grad.norm().item() for n, p in second.named_parameters()})
