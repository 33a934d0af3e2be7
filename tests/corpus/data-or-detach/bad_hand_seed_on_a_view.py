# expect: grad of x
y = torch.exp(x)
logged = (y.detach() * 0.5).sum().item()
loss = y.sum()
hand = torch.exp(x).detach()       # d(sum exp x)/dx, written out
x.view_as(x).backward(hand)
