# expect: shape_x
shape_x = list(torch.tensor([6, 2, 6, 4]))
shape_W = list(torch.tensor([6, 2, 2, 4]))
shape_b = list(torch.tensor([6, 2, 2]))
