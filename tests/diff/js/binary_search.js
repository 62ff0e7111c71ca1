function bsearch(arr, x) {
  let [lo, hi] = [0, arr.length - 1];
  while (lo <= hi) { const mid = (lo + hi) >> 1; if (arr[mid] === x) return mid; arr[mid] < x ? lo = mid + 1 : hi = mid - 1; }
  return -1;
}
const a = Array.from({ length: 100 }, (_, i) => i * 3);
console.log(bsearch(a, 27), bsearch(a, 28), bsearch(a, 297));
