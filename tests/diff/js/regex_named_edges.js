const re = /(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})/;
const m = "due 2024-09-15".match(re);
console.log(m.groups.year, m.groups.month, m.groups.day);
console.log(m);
console.log("2024-09-15".replace(re, "$<day>/$<month>/$<year> [$&] $$ $1 $<nope>|"));
console.log(re, re.source, String(re), re instanceof RegExp, re.constructor === RegExp);
console.log("a1 b22 c333".replace(/(?<l>[a-z])(?<d>\d+)/g, (all, l, d, off, s, groups) => `${groups.d}${groups.l}@${off}`));
console.log([..."a1 b22".matchAll(/(?<l>[a-z])(?<d>\d+)/g)].map(x => x.groups.l + x.groups.d + x.index));
console.log("x-x y-y x-y".replaceAll(/(?<c>\w)-\k<c>/g, "<$<c>>"));
console.log(/(?<q>['"]).*?\k<q>/.exec(`say "hi" 'yo'`).groups);
console.log(/[(?<a>)]\((?<b>x)\)/.exec("a(x)"));
const dyn = new RegExp("(?<word>\\w+)@(?<host>\\w+)", "g");
console.log("ann@x bob@y".replace(dyn, "$<host>:$<word>"), dyn.source, dyn.flags);
try { new RegExp("(?<a>x)\\k<b>"); } catch (e) { console.log(e.name, e.message); }
try { new RegExp("(?<a>x)(?<a>y)", "g"); } catch (e) { console.log(e.name, e.message); }
console.log(/(?<a>x)|(?<b>y)/.exec("y").groups, "abc".match(/b/).index);
try { "aaa".matchAll(/(?<a>a)/); } catch (e) { console.log(e.name, e.message); }
try { "aaa".replaceAll(/(?<a>a)/, "b"); } catch (e) { console.log(e.name, e.message); }
console.log("2024-09-15".split(/(?<sep>-)/));
console.log(/(?<x>a)/.test("a"), "a".search(/(?<x>a)/));
var r = new RegExp("b(c)?");
console.log("plain", "abc".match(r), r.exec("ab"), "ab".split.name, "ab".search.name);
