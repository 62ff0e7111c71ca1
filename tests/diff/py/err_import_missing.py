import json
print("json ok")
import definitely_not_a_module
