# correct: grad_and_value for g (and f's value printed), hessian for H; main guard
from torch.func import grad_and_value, hessian

if __name__ == "__main__":
    g, fx = grad_and_value(f)(x)
    H = hessian(f)(x)
    print(f"f(x) = {fx.item():.4f}")
