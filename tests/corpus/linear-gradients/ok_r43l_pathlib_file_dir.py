from pathlib import Path

HERE = Path(__file__).resolve().parent   # where my exercise files live

y = w * x + b
y.backward()
print("exercise folder:", HERE)
