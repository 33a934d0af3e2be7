import time

class SaveCounter(torch.autograd.graph.saved_tensors_hooks):
    def __init__(self):
        self.count = 0
        self.elements = 0
        super().__init__(self._pack, self._unpack)

    def _pack(self, t):
        self.count += 1
        self.elements += t.numel()
        return t

    def _unpack(self, t):
        return t

def main():
    start = time.perf_counter()
    counter = SaveCounter()
    with counter:
        result = block(x)
    result.backward()
    print(f"{counter.count} tensors, {counter.elements} elements, {time.perf_counter() - start:.3f}s")
    return result, counter.count, counter.elements

if __name__ == "__main__":
    out, n_saved, n_elements = main()
