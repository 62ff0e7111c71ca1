const s = "key1=val1; key2=val2; key3=val3";
for (const m of s.matchAll(/(\w+)=(\w+)/g)) console.log(m.index, m[1], m[2]);
console.log([...s.matchAll(/\d/g)].map(m => m[0]).join(""));
console.log("aaa".replaceAll("a", "b"), "x.y.z".replaceAll(".", "/"));
