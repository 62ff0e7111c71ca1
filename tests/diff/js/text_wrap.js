const wrap = (text, width) => text.split(' ').reduce((lines, word) => {
  const last = lines[lines.length - 1];
  if ((last + ' ' + word).trim().length <= width) lines[lines.length - 1] = (last + ' ' + word).trim();
  else lines.push(word);
  return lines;
}, ['']);
console.log(wrap('the quick brown fox jumps over the lazy dog', 12).join('\n'));
