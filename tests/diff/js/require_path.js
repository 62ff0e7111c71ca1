const path = require("path");
console.log(path.join("/usr", "local", "..", "bin", "node"));
console.log(path.basename("/tmp/report.final.csv"), path.extname("archive.tar.gz"));
console.log(path.basename("/tmp/report.csv", ".csv"), path.dirname("/a/b/c.txt"));
console.log(path.normalize("a//b/../c/./d"));
console.log(path.parse("/home/user/file.txt"));
console.log(path.format({ dir: "/x", name: "y", ext: ".z" }));
console.log(path.isAbsolute("/a"), path.isAbsolute("a"), path.sep);
console.log(path.relative("/data/a/b", "/data/c"));
