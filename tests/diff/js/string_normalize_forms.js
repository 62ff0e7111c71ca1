var S = ["ß", "Straße", "é", "e\u0301", "Å", "A\u030a", "\u212b", "ﬁ", "½", "x²", "ệ", "e\u0302\u0323", "e\u0323\u0302", "ǆ", "Ǆ", "한국어", "\u1100\u1161\u11a8", "ñ", "n\u0303", "Ω", "\u2126", "ÿ", "ĳ", "ſ", "ẛ\u0323", "a\u0308\u0301\u0323", "Ελληνικά ά", "й", "ё", "…", "™", "\u00a0", "é\u0327", "q\u0307\u0323"];
for (var i = 0; i < S.length; i++) {
  var s = S[i], out = [];
  ["NFC", "NFD", "NFKC", "NFKD"].forEach(function (f) { out.push(escape(s.normalize(f))); });
  console.log(escape(s), out.join(" "), s.normalize() === s.normalize("NFC"));
}
try { "a".normalize("nfc"); } catch (e) { console.log(e.name, e.message); }
