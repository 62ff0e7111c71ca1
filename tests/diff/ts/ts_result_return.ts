interface Stats { min: number; max: number; mean: number }
const stats = (xs: number[]): Stats => ({ min: Math.min(...xs), max: Math.max(...xs), mean: xs.reduce((a, b) => a + b, 0) / xs.length });
return stats([4, 8, 15, 16, 23, 42]);
