from torch.autograd import grad as d
g1 = d(y, x, create_graph=True)[0]
g2 = d(g1, x, create_graph=True)[0]
