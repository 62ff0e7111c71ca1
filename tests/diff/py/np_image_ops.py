import numpy as np
img = np.arange(25, dtype=np.uint8).reshape(5, 5) * 10
print(img)
print(np.flipud(img)[0], np.rot90(img)[0], img[1:4, 1:4].mean())
mask = img > 120
print(mask.sum(), img[mask].min())
padded = np.pad(img[:2, :2], 1)
print(padded)
kernel = np.ones((3, 3)) / 9
out = np.array([[(img[i:i + 3, j:j + 3] * kernel).sum() for j in range(3)] for i in range(3)])
print(out.round(2))
