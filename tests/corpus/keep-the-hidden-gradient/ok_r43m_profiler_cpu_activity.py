from torch.profiler import profile, ProfilerActivity, record_function

with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
    with record_function("model"):
        h = x @ W
        h.retain_grad()
        loss = torch.tanh(h).sum()
        loss.backward()
print(prof.key_averages().table(sort_by="cpu_time_total", row_limit=10))
