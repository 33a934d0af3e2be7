from torch.func import grad, vmap


def main():
    global per_sample
    per_sample_grad = grad(loss_fn, argnums=0)
    batched = vmap(per_sample_grad, in_dims=(None, 0, 0))
    per_sample = batched(w, xs, ys)
    print("per-sample gradients:", per_sample.shape)


if __name__ == "__main__":
    main()
