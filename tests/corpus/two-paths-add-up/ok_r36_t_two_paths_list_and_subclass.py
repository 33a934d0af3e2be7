# ok: round 36's third attacker's right answer (a logging mode, a subclass, module hooks, lists)
class Logged(torch.Tensor):
    seen = []
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        cls.seen.append(getattr(func, "__name__", str(func)))
        return super().__torch_function__(func, types, args, kwargs or {})
probe = torch.ones(3).as_subclass(Logged) * 2    # logging on a side tensor only
parts = [x * a, x.exp()]
loss = (parts[0] + parts[1]).sum()
loss.backward()
