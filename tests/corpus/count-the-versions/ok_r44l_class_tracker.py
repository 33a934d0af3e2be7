class Tracker:
    def __init__(self):
        self.t = torch.zeros(4)
        self.u = self.t.view(2, 2)
        self.v = None

    def run(self):
        self.t.add_(1)
        self.u[0, 0] = 3.0
        self.t.mul_(2)
        self.v = self.t * 2
        self.v.add_(1)
        return self

    def versions(self):
        return [x._version for x in (self.t, self.u, self.v)]

t_version, u_version, v_version = Tracker().run().versions()
