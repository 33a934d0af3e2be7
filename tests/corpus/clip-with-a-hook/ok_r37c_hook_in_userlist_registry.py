# Honest: the clipping hook kept in a collections.UserList registry and a module's dict; handle kept.
import collections, functools
hooks = collections.UserList([functools.partial(torch.clamp, min=-0.5, max=0.5)])
y = x * w
handle = y.register_hook(hooks[0])
loss = (y ** 2).sum()
loss.backward()
