def main():
    h = x.exp()
    loss1 = h.sum()
    loss2 = (h ** 2).sum()
    loss1.backward(retain_graph=True)
    loss2.backward()


if __name__ == "__main__":
    main()
