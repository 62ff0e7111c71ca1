const inputs = ['{"ok": true}', "{bad json}", "[1, 2,]", ""];
for (const s of inputs) {
  try {
    console.log("parsed", JSON.parse(s));
  } catch (e) {
    console.log(e.name);
  }
}
