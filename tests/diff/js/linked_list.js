class Node { constructor(v, next = null) { this.v = v; this.next = next; } }
class List {
  constructor() { this.head = null; }
  push(v) { this.head = new Node(v, this.head); return this; }
  *[Symbol.iterator]() { for (let n = this.head; n; n = n.next) yield n.v; }
}
console.log([...new List().push(1).push(2).push(3)].join('->'));
