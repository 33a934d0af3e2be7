# expect: copied in by a pass from `w` itself
y = w * x + b
(w * 3).backward()
