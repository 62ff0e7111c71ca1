var data = [
  { name: "Widget", qty: 4, price: 2.5 },
  { name: "Gadget", qty: 1, price: 19.99 },
  { name: "Doohickey", qty: 12, price: 0.75 }
];
var total = 0;
data.forEach(function (row) {
  var line = row.qty * row.price;
  total += line;
  console.log(row.name + new Array(12 - row.name.length).join(" ") + row.qty + " x " + row.price.toFixed(2) + " = " + line.toFixed(2));
});
console.log("TOTAL " + total.toFixed(2));
console.log(JSON.stringify(data.filter(function (r) { return r.qty > 2; })));
