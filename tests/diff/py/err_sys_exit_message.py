import sys
print("about to exit with a message")
sys.exit("fatal: config file missing")
