# expect: graph
x = data.clone().requires_grad_()
y = torch.tensor((x.detach().numpy() ** 2).sum(), requires_grad=True)
