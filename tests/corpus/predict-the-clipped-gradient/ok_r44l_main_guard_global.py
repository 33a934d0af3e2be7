import time

def main():
    global w_grad, x_grad
    t0 = time.perf_counter()
    y = x * w
    y.register_hook(lambda g: g.clamp(-0.5, 0.5))
    loss = (y ** 2).sum()
    loss.backward()
    w_grad = [round(v, 4) for v in w.grad.tolist()]
    x_grad = [round(v, 4) for v in x.grad.tolist()]
    print(f"took {time.perf_counter() - t0:.4f}s", w_grad, x_grad)

if __name__ == "__main__":
    main()
