# A correct answer whose own config class is made with type() from a dict keyed by a str enum: the class's
# own dict holds keys that are not plain str, on a class the grader never needs to read.
import enum


class Key(str, enum.Enum):
    FREEZE = "freeze"


Config = type("Config", (), {Key.FREEZE: True})
if getattr(Config, "freeze"):
    first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
