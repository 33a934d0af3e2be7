def cap(grad):
    # keep the sign, cap the size at 0.5
    return grad.sign() * grad.abs().clamp(max=0.5)

y = torch.mul(x, w)
y.register_hook(cap)
loss = y.pow(2).sum()
loss.backward()
