import time
from torch.utils.checkpoint import checkpoint

n_saved = 0

def pack(t):
    global n_saved
    n_saved += 1
    return t

def main():
    global out
    t0 = time.perf_counter()
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = checkpoint(block, x, use_reentrant=False).sum()
    out.backward()
    print(f"saved {n_saved}, out={out.item():.4f}, {time.perf_counter() - t0:.4f}s")

if __name__ == "__main__":
    main()
