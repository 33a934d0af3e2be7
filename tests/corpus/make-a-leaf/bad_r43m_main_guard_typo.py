# expect: that never runs
def main():
    global x, y
    x = data.clone().requires_grad_()
    y = (x ** 2).sum()


if __name__ == "main":
    main()
