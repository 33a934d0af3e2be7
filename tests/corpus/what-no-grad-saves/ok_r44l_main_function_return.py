from torch.autograd.graph import saved_tensors_hooks

def count(fn):
    n = 0
    def pack(t):
        nonlocal n
        n += 1
        return t
    with saved_tensors_hooks(pack, lambda t: t):
        fn()
    return n

def main():
    with torch.no_grad():
        nog = count(lambda: (a * c).exp())
    return count(lambda: a * b), count(lambda: a * c), count(lambda: a * 2), nog

if __name__ == "__main__":
    n_ab, n_ac, n_a2, n_nograd = main()
    print(n_ab, n_ac, n_a2, n_nograd)
