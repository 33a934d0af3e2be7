stats = {"n": 0, "elems": 0}


def pack_hook(t):
    stats["n"] += 1
    stats["elems"] += t.numel()
    return t


if __name__ == "__main__":
    with torch.autograd.graph.saved_tensors_hooks(pack_hook, lambda p: p):
        out = block(x)
    out.backward()
    n_saved, n_elements = stats["n"], stats["elems"]
