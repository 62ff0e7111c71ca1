class Node:
    def __init__(self, val, children=()):
        self.val, self.children = val, list(children)
    def __repr__(self):
        return f"Node({self.val}{', ' + repr(self.children) if self.children else ''})"
    def depth(self):
        return 1 + max((c.depth() for c in self.children), default=0)
    def __iter__(self):
        yield self.val
        for c in self.children:
            yield from c
tree = Node(1, [Node(2, [Node(4)]), Node(3, [Node(5, [Node(6)])])])
print(tree)
print(tree.depth(), list(tree), sum(tree))
print(str(tree) == repr(tree), Node.__name__, type(tree).__module__)
