# A tagged Parameter whose tag is set in __new__ (an instance attribute), with a property of a new name
class Tagged(nn.Parameter):
    def __new__(cls, data, tag="w"):
        self = super().__new__(cls, data)
        self.tag = tag
        return self

    @property
    def label(self):
        return f"{self.tag}{tuple(self.shape)}"


w = Tagged(init.clone(), tag="weights")
out = data @ w
print(w.label)
