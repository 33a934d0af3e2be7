# round 32's learner: correct, unlike the reference
def step(inp):
    with torch.autograd.detect_anomaly():
        l = model(inp)
        torch.autograd.backward([l], inputs=[inp])
    return l

loss = step(x)
