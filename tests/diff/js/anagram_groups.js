const words = ["listen", "silent", "enlist", "google", "gooegl", "cat", "act", "tac", "dog"];
const groups = {};
for (const w of words) {
  const key = [...w].sort().join("");
  (groups[key] ||= []).push(w);
}
console.log(Object.values(groups).filter(g => g.length > 1));
console.log(Object.entries(groups).map(([k, v]) => `${k}:${v.length}`).join(" "));
