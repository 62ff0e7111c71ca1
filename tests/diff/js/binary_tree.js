class BST {
  insert(v) { const n = { v, l: null, r: null }; if (!this.root) { this.root = n; return; } let c = this.root;
    for (;;) { const side = v < c.v ? "l" : "r"; if (!c[side]) { c[side] = n; return; } c = c[side]; } }
  *inorder(n = this.root) { if (!n) return; yield* this.inorder(n.l); yield n.v; yield* this.inorder(n.r); }
  height(n = this.root) { return n ? 1 + Math.max(this.height(n.l), this.height(n.r)) : 0; }
}
const t = new BST();
[50, 30, 70, 20, 40, 60, 80, 35].forEach(v => t.insert(v));
console.log([...t.inorder()], t.height());
console.log(JSON.stringify(t.root.l));
