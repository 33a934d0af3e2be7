import functools

def with_anomaly(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with torch.autograd.detect_anomaly():
            return fn(*args, **kwargs)
    return wrapper

@with_anomaly
def train_step():
    loss = model(x)
    loss.backward()
    return loss

train_step()
