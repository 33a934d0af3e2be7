# A correct answer that tags the head with an attribute named by a str enum (a str subclass): honest code.
import enum


class Tag(str, enum.Enum):
    ROLE = "role"


first.requires_grad_(False)
setattr(second, Tag.ROLE, "head")          # a name tag, through Module.__setattr__
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
