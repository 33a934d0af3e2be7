from torch.utils.checkpoint import checkpoint

w = nn.Parameter(init.clone())
out = checkpoint(torch.matmul, data, w, use_reentrant=False)
out.sum().backward()
