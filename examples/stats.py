# sbx run examples/stats.py -i 'values=[3,1,4,1,5]'
# The value of the last expression is the result, given as JSON.
import statistics

values = inputs.get("values", [3, 1, 4, 1, 5, 9, 2, 6])
print(f"{len(values)} values")
{"mean": statistics.mean(values), "median": statistics.median(values), "max": max(values)}
