from torch.func import grad, jacrev

(g,) = grad(f, argnums=(0,))(x)
H = jacrev(grad(f), chunk_size=1)(x).contiguous()
