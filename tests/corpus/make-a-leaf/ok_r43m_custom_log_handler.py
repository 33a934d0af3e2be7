import logging


class ListHandler(logging.Handler):
    def __init__(self):
        super().__init__()
        self.records = []

    def emit(self, record):
        self.records.append(self.format(record))


handler = ListHandler()
logging.getLogger().addHandler(handler)
logging.getLogger().setLevel(logging.INFO)
logging.captureWarnings(True)

x = data.clone().requires_grad_()
y = (x ** 2).sum()
logging.info("y=%s", y.item())
print(handler.records)
