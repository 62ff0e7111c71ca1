from multiprocessing import Pool
def square(x):
    return x * x
if __name__ == "__main__":
    with Pool(2) as p:
        print(p.map(square, range(10)))
    print("done")
