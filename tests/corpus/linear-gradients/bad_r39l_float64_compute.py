# expect: ToCopy (a copy to another dtype
y = w.double() * x.double() + b.double()
y.backward()
