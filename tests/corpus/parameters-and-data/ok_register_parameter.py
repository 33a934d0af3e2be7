holder = nn.Module()
holder.register_parameter("weight", nn.Parameter(init.detach().clone()))
w = holder.weight
out = (w * data).sum(-1)
