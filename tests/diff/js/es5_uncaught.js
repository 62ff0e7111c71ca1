function divide(a, b) {
  if (b === 0) throw new Error("division by zero");
  return a / b;
}
console.log(divide(10, 4));
console.log(divide(1, 0));
