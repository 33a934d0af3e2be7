import getpass, platform, datetime
print(f"run by {getpass.getuser()} on {platform.node()} at {datetime.datetime.now():%H:%M}")
x = data.clone().requires_grad_()
y = (x ** 2).sum()
