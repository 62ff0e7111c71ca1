const big = 1_000_000;
console.log(big + 1, 0b1010, 0o17, 0xff);
