# Honest: a UserDict subclass of config, a partial of the loss, and a module-level registry dict.
import collections, functools, types


class Config(collections.UserDict):
    def frozen(self):
        return self.get("freeze", ())


registry = types.ModuleType("registry")
vars(registry)["loss_fn"] = functools.partial(F.mse_loss, reduction="mean")
cfg = Config(freeze=("first",))
for name in cfg.frozen():
    globals()[name].requires_grad_(False)
loss = registry.loss_fn(second(torch.relu(first(X))), y)
loss.backward()
