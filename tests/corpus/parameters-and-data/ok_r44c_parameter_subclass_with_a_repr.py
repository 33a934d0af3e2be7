# A Parameter subclass of the learner's own that only says what it is (`__repr__`, `__init__`): read as a plain
# Parameter (round 44's seal on classes that hide torch's names only what a check calls)
class Weight(nn.Parameter):
    def __repr__(self):
        return f"Weight{tuple(self.shape)}"


w = Weight(init.clone())
print(w)
out = data @ w
