from torch.func import jacrev

def model(params, x):
    W, b = params
    return torch.tanh(x @ W.T + b)

def main():
    torch.set_default_dtype(torch.float64)
    try:
        params = (torch.randn(2, 4), torch.randn(2))
        x = torch.randn(6, 4)
        jac_x = jacrev(model, argnums=1)(params, x)
        jac_W, jac_b = jacrev(model, argnums=0)(params, x)
    finally:
        torch.set_default_dtype(torch.float32)
    return jac_x.shape, jac_W.shape, jac_b.shape

if __name__ == "__main__":
    shape_x, shape_W, shape_b = main()
    print(shape_x, shape_W, shape_b)
