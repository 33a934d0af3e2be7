torch.use_deterministic_algorithms(True)
torch.backends.cudnn.benchmark = False
torch.manual_seed(1234)  # my habit: seed everything

(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, x)
