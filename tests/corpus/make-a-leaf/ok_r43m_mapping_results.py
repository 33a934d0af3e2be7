from collections.abc import Mapping


class Results(Mapping):
    def __init__(self, **kw):
        self._d = dict(kw)

    def __getitem__(self, k):
        return self._d[k]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)


x = data.clone().requires_grad_()
y = (x ** 2).sum()
results = Results(x=x, y=y)
print(dict(results))
