// Regular expressions Duktape's regex engine lacks: lookbehind, Unicode
// property escapes and the s, u, y and d flags. sbx runs this under node.
const price = "cost: $42, tax: $7, id: 99";
console.log(price.match(/(?<=\$)\d+/g), price.replace(/(?<!\$)\b\d+/g, "N"));
console.log("héllo wörld 123".match(/\p{L}+/gu), /\p{Lu}/u.test("abcD"));
console.log(/a.b/s.test("a\nb"), /a.b/.test("a\nb"), [..."😀x"].length, /^.$/u.test("😀"));
const sticky = /\d+/y;
sticky.lastIndex = 3;
console.log(sticky.exec("ab 123 45")?.[0] ?? null, sticky.lastIndex);
const m = /(?<word>b+)/d.exec("aabbbcc");
console.log(m.indices[0], m.indices.groups.word, m.groups.word);
console.log(new RegExp("(?<=@)\\w+", "g")[Symbol.replace]("mail a@b.c and x@y", "<$&>"));
