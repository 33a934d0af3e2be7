# ok: round 36's third attacker's right answer (a logging mode, a subclass, module hooks, lists)
shapes = []
hook = second.register_forward_hook(lambda m, i, o: shapes.append(tuple(o.shape)))
first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
hook.remove()
