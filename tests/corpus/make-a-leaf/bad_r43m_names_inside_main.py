# expect: is bound only inside `main()`
def main():
    x = data.clone().requires_grad_()
    y = (x ** 2).sum()
    print(y)


if __name__ == "__main__":
    main()
