from decimal import Decimal
dw, dx, db = Decimal("-2"), Decimal("5"), Decimal("1")
