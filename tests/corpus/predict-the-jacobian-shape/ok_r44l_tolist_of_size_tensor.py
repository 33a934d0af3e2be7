# computed the shapes as tensors and turned them into lists
out_shape = torch.tensor([6, 2])
shape_x = torch.cat([out_shape, torch.tensor([6, 4])]).tolist()
shape_W = torch.cat([out_shape, torch.tensor([2, 4])]).tolist()
shape_b = torch.cat([out_shape, torch.tensor([2])]).tolist()
