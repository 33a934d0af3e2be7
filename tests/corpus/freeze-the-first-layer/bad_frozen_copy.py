# expect: first
import copy
frozen = copy.deepcopy(first).requires_grad_(False)   # a frozen copy; `first` itself still trains
w1, b1 = frozen.weight, frozen.bias
loss = F.mse_loss(second(torch.relu(frozen(X))), y)
loss.backward()
