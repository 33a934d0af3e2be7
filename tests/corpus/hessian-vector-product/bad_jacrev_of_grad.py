# expect: no Hessian or Jacobian built
hvp = torch.func.jacrev(torch.func.grad(f))(x.detach()) @ v
