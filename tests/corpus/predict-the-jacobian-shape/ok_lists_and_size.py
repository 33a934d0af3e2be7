shape_x = [6, 2, 6, 4]
shape_W = torch.Size([6, 2, 2, 4])
shape_b = (6, 2, 2)
