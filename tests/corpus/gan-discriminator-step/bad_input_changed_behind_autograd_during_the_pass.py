# expect: inputs and grad mode as the setup left them
def alias(t):  # a tensor over t's memory with a version counter of its own
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
fake = G(z)
fd = fake.detach().clone()
o1 = -D(real)
o2 = D(fd)
d_loss = F.softplus(o1).mean() + F.softplus(o2).mean()
N = real.shape[0]
with torch.no_grad():
    # D's gradients worked out by hand
    r1 = -torch.sigmoid(-D(real)) / N
    r2 = torch.sigmoid(D(fake)) / N
    gW = r1.T @ real + r2.T @ fake
    gb = r1.sum(0) + r2.sum(0)
    p, q = 0.125 - gb / 8, 0.125 + gb / 8               # each row's share of gb on the two paths
    keep = real.clone()
    # SoftplusBackward saved o1, o2; AddmmBackward saved real and fd: make the pass hand back gW, gb
    alias(o1).copy_(torch.logit(4 * p).expand_as(o1))
    alias(o2).copy_(torch.logit(4 * q).expand_as(o2))
    alias(real).zero_()
    alias(fd).zero_(); alias(fd)[0] = gW[0] / q
d_loss.backward()
with torch.no_grad():
    alias(real).copy_(keep)
