class Saves:
    def __enter__(self):
        self.n = 0
        def pack(t):
            self.n += 1
            return t
        self._cm = torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t)
        self._cm.__enter__()
        return self

    def __exit__(self, *exc):
        return self._cm.__exit__(*exc)

with Saves() as s1:
    a * b
with Saves() as s2:
    a * c
with Saves() as s3:
    a * 2
with torch.no_grad(), Saves() as s4:
    (a * c).exp()
n_ab, n_ac, n_a2, n_nograd = s1.n, s2.n, s3.n, s4.n
