import warnings
def old_api(x):
    warnings.warn("old_api is deprecated, use new_api", DeprecationWarning, stacklevel=2)
    return x * 2
warnings.simplefilter("always")
print(old_api(21))
warnings.warn("plain user warning")
print("done")
