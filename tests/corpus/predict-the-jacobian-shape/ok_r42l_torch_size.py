# output (6, 2); jac = output shape + input shape
shape_x = torch.Size([6, 2]) + torch.Size([6, 4])
shape_W = torch.Size([6, 2, 2, 4])
shape_b = torch.Size([6, 2, 2])
