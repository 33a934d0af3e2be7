from torch.profiler import profile, ProfilerActivity
with profile(activities=[ProfilerActivity.CPU]) as prof:
    x = data.clone().requires_grad_()
    y = (x ** 2).sum()
    y.backward(retain_graph=True)
print(prof.key_averages().table(row_limit=5))
