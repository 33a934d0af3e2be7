# A tagged Parameter, with the __deepcopy__ PyTorch asks a subclass with extra state to write
import copy


class Tagged(nn.Parameter):
    def __new__(cls, data, tag="w"):
        self = super().__new__(cls, data)
        self.tag = tag
        return self

    def __deepcopy__(self, memo):
        return Tagged(self.data.clone(), self.tag)


w = Tagged(init.clone(), tag="weights")
backup = copy.deepcopy(w)
out = data @ w
print(backup.tag, torch.equal(backup, w))
