let fs;
try {
  fs = require("fs");
  console.log("fs loaded", typeof fs.readFileSync);
} catch (e) {
  console.log("no fs:", e.code);
}
