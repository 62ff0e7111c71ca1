class Node { constructor(value, next = null) { this.value = value; this.next = next; } }
class LinkedList {
  constructor(iterable = []) { this.head = null; this.size = 0; for (const v of iterable) this.append(v); }
  append(v) { const n = new Node(v); if (!this.head) this.head = n; else { let c = this.head; while (c.next) c = c.next; c.next = n; } this.size++; return this; }
  reverse() { let prev = null, cur = this.head; while (cur) [cur.next, prev, cur] = [prev, cur, cur.next]; this.head = prev; return this; }
  *[Symbol.iterator]() { for (let c = this.head; c; c = c.next) yield c.value; }
}
const l = new LinkedList([1, 2, 3, 4]);
console.log([...l], l.size);
console.log([...l.reverse()].join(" -> "));
console.log(l.head);
