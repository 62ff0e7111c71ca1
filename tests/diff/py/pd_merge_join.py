import pandas as pd
orders = pd.DataFrame({"order_id": [1, 2, 3, 4], "cust": [10, 20, 10, 30], "amount": [250.0, 99.5, 12.25, 500.0]})
custs = pd.DataFrame({"cust": [10, 20, 40], "name": ["Ann", "Ben", "Dee"]})
print(orders.merge(custs, on="cust", how="left"))
print(orders.merge(custs, on="cust", how="inner"))
print(pd.concat([custs, pd.DataFrame({"cust": [50], "name": ["Eve"]})], ignore_index=True))
print(orders.set_index("order_id").join(custs.set_index("cust"), on="cust"))
