from torch.func import grad
# reverse over reverse with torch.func: grad of (grad f . v)
hvp = grad(lambda t: torch.dot(grad(f)(t), v))(x)
