const sales = [{ r: 'n', v: 1 }, { r: 's', v: 2 }, { r: 'n', v: 3 }];
const byRegion = sales.reduce((acc, { r, v }) => { acc[r] = (acc[r] ?? 0) + v; return acc; }, {});
console.log(JSON.stringify(byRegion));
