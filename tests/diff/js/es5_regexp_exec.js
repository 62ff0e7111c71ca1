var re = /(\w+)@(\w+)\.com/g;
var str = "alice@example.com, bob@test.com; carol@site.org";
var m;
while ((m = re.exec(str))) console.log(m.index, m[0], m[1], m[2], re.lastIndex);
console.log(str.match(/\w+@\w+\.\w+/g));
console.log("2024-01-02".split("-").map(Number));
console.log(/a{2,3}/.exec("caaaaat")[0], /x/.exec("y"));
