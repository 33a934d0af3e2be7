def main():
    with torch.autograd.detect_anomaly():
        loss = model(x)
        loss.backward()
    print(x.grad)


if __name__ == "__main__":
    main()
