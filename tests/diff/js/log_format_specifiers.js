console.log("%s is %d years", "Ada", 36);
console.log("%i items, %f ratio", 42.9, 0.25);
console.log("%o and %O", { a: 1 }, { b: [2] });
console.log("%j", { a: 1 });
console.log("100%", "done");
console.log("%s", ["x", "y"], "extra", 5);
console.log("%c styled", "color: red");
