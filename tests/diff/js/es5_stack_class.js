function Stack() { this.items = []; }
Stack.prototype.push = function (x) { this.items.push(x); return this; };
Stack.prototype.pop = function () { return this.items.pop(); };
Stack.prototype.peek = function () { return this.items[this.items.length - 1]; };
Stack.prototype.isEmpty = function () { return this.items.length === 0; };
var s = new Stack();
s.push(1).push(2).push(3);
console.log(s.pop(), s.peek(), s.isEmpty());
console.log(s);
function balanced(str) {
  var st = new Stack(), pairs = { ")": "(", "]": "[", "}": "{" };
  for (var i = 0; i < str.length; i++) {
    var ch = str[i];
    if ("([{".indexOf(ch) >= 0) st.push(ch);
    else if (pairs[ch]) { if (st.pop() !== pairs[ch]) return false; }
  }
  return st.isEmpty();
}
console.log(balanced("{[()()]}"), balanced("([)]"), balanced("(("));
