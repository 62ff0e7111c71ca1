// ES5 otherwise: the named-group literal alone sends it through lowering
var re = /(?<key>\w+)=(?<val>[^;]*)/g, m, out = [];
while ((m = re.exec("a=1;bb=two;c=")) !== null) out.push(m.groups.key + ":" + m.groups.val);
console.log(out.join(" "), "k=v".replace(/(?<k>\w)=(?<v>\w)/, "$<v>=$<k>"));
console.log(new RegExp("(?<d>\\d+)").exec("x42").groups.d);
