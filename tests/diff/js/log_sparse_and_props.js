const arr = [1, 2, 3];
arr.extra = "prop";
console.log(arr);
const sparse = new Array(5);
sparse[2] = "x";
console.log(sparse);
console.log(new Array(3).fill(0));
console.log([[]], [{}], {});
