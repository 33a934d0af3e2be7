# expect: is not defined after your code ran, so no backward pass can be traced to it
def forward(w: torch.Tensor, x: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return torch.add(torch.mul(w, x), b)


def main():
    y = forward(w, x, b)
    y.backward()
    assert w.grad is not None and x.grad is not None and b.grad is not None


if __name__ == "__main__":
    main()
