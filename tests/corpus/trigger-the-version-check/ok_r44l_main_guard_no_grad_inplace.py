def corrupt_and_backward():
    with torch.no_grad():
        s.add_(1)        # in place, not recorded, but the version counter moves
    print("s version:", s._version)
    loss.backward()

if __name__ == "__main__":
    corrupt_and_backward()
