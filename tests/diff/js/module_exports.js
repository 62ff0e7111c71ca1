function slugify(s) { return s.toLowerCase().trim().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""); }
module.exports = { slugify };
exports.version = "1.0";
console.log(slugify("  Hello, World! 2024 "));
console.log(typeof module, typeof exports, typeof require);
if (require.main === module) console.log("run directly");
