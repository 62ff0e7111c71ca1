function check(name, cond) { console.assert(cond, `${name} failed`); }
check("one", 1 + 1 === 2);
check("two", "a" < "b");
check("three", [].length === 1);
console.assert(false);
console.assert(false, "with %s", "format", { obj: 1 });
console.log("after asserts");
