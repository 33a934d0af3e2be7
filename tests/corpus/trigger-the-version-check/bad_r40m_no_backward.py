# expect: ran to the end without raising
s.add_(1)
