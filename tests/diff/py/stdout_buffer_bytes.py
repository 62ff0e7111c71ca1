import sys
sys.stdout.write("text first\n")
sys.stdout.flush()
sys.stdout.buffer.write(b"raw bytes \xe2\x9c\x93\n")
sys.stdout.buffer.flush()
print("after")
print("unicode: ✓ é 中文 😀")
