# expect: autograd.grad
gw, gb = torch.autograd.grad(loss, (w, b))
dw, db = gw.item(), gb.item()
