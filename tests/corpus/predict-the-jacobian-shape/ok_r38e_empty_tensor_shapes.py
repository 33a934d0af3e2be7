out = torch.empty(6, 4) @ torch.empty(2, 4).T + torch.empty(2)
shape_x = torch.empty(*out.shape, 6, 4).shape
shape_W = torch.empty(*out.shape, 2, 4).shape
shape_b = torch.empty(*out.shape, 2).shape
