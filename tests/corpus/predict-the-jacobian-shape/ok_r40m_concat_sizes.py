out = torch.Size([6, 2])
shape_x = out + torch.Size([6, 4])
shape_W = out + torch.Size([2, 4])
shape_b = out + torch.Size([2])
