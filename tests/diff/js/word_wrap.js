function wrap(text, width) {
  const lines = []; let line = "";
  for (const word of text.split(/\s+/)) {
    if ((line + " " + word).trim().length > width) { lines.push(line); line = word; }
    else line = (line + " " + word).trim();
  }
  if (line) lines.push(line);
  return lines;
}
const lorem = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.";
for (const w of [20, 35]) {
  console.log(`--- width ${w} ---`);
  wrap(lorem, w).forEach((l, i) => console.log(`${String(i + 1).padStart(2)}| ${l.padEnd(w)} |`));
}
