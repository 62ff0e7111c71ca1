// random strings of Latin letters, accents, case, punctuation, digits, expansions: every collator option
var A = "aAbBeEéÉèëzZ -_.,'0129ßæøñÑçÇœ!?$#ĳ€ΩωЯяǅÅåı";
var seed = 7; function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; }
var words = [];
for (var i = 0; i < 120; i++) { var w = ""; var n = 1 + rnd(5); for (var j = 0; j < n; j++) w += A.charAt(rnd(A.length)); words.push(w); }
var opts = [undefined, { numeric: true }, { sensitivity: "base" }, { sensitivity: "accent" }, { sensitivity: "case" }, { ignorePunctuation: true }, { caseFirst: "upper" }];
for (var k = 0; k < opts.length; k++) {
  var c = new Intl.Collator("en", opts[k]), out = [];
  for (var i = 0; i + 1 < words.length; i++) { out.push(c.compare(words[i], words[i + 1]) + 1, c.compare(words[i], words[(i * 7) % words.length]) + 1); }
  console.log(JSON.stringify(opts[k]), out.join(""));
}
