import struct, array, copy
packed = struct.pack("<IhB3s", 1024, -2, 255, b"abc")
print(packed, len(packed), struct.unpack("<IhB3s", packed), struct.calcsize("<IhB3s"))
a = array.array("i", [1, 2, 3])
a.append(4)
print(a, a.tobytes()[:8], a.itemsize)
orig = {"list": [1, [2, 3]], "n": 1}
shallow, deep = copy.copy(orig), copy.deepcopy(orig)
orig["list"][1].append(99)
print(shallow["list"], deep["list"])
