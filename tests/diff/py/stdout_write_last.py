import sys
sys.stdout.write("step 1\n")
total = sum(range(10))
sys.stdout.write(f"total={total}\n")
sys.stdout.write("done\n")
