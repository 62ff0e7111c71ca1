const words = ["b", "A", "a", "B", "á", "Á", "résumé", "resume", "Résumé", "Resume", "rèsume", "resumé", "ß", "ss", "SS", "st", "æ", "ae", "af", "ø", "o", "p", "a-b", "ab", "a b", "a_b", "01", "1", "10", "2", "Zebra", "zebra", "éclair", "eclair", "Ölkanne", "Olive", "ñu", "nu", "nz", "", " ", "Ω", "ω", "я", "Я", "x10", "x9", "x1"];
console.log(words.slice().sort((a, b) => a.localeCompare(b)).join(" "));
for (const o of [{ sensitivity: "base" }, { sensitivity: "accent" }, { sensitivity: "case" }, { numeric: true }, { caseFirst: "upper" }, { ignorePunctuation: true }]) {
  const c = new Intl.Collator("en", o);
  console.log(JSON.stringify(o), words.slice().sort(c.compare).join(" "));
  console.log(c.compare("a", "A"), c.compare("a", "á"), c.compare("a-b", "ab"), c.compare("x2", "x10"));
}
console.log(new Intl.Collator().resolvedOptions(), new Intl.Collator("en", { numeric: true, sensitivity: "base" }).resolvedOptions());
console.log("a".localeCompare("b"), "b".localeCompare("a"), "a".localeCompare("a"), "é".localeCompare("e\u0301"), "a".localeCompare("A", undefined, { sensitivity: "base" }));
