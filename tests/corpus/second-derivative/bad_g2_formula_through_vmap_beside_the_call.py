# expect: value of g2
# wrong: g2 a hand formula (float64, cast back) passed through torch.func.vmap with the second autograd.grad dropped inside it
(g1,) = torch.autograd.grad(y, x, create_graph=True)
xd = x.detach().double()
hand = (2 * torch.sin(xd) + 4 * xd * torch.cos(xd) - xd ** 2 * torch.sin(xd)).float()
g2 = torch.func.vmap(lambda r: (torch.autograd.grad(g1, x, retain_graph=True), r)[1])(hand.unsqueeze(0))[0]
