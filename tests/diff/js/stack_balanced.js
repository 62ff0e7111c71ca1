const balanced = s => {
  const pairs = { ')': '(', ']': '[', '}': '{' };
  const st = [];
  for (const c of s) {
    if ('([{'.includes(c)) st.push(c);
    else if (c in pairs && st.pop() !== pairs[c]) return false;
  }
  return st.length === 0;
};
console.log(['()[]{}', '([)]', '{[()]}', '(('].map(balanced).join(' '));
