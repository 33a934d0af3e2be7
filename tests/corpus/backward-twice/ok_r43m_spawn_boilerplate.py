import torch.multiprocessing as mp


def main():
    global h, loss1, loss2
    h = x.exp()
    loss1 = h.sum()
    loss2 = (h ** 2).sum()
    loss1.backward(retain_graph=True)
    loss2.backward()


if __name__ == "__main__":
    mp.set_start_method("spawn", force=True)
    mp.freeze_support()
    main()
