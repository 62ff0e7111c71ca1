const log = `2024-01-05 ERROR [db] connection refused (code=111)
2024-01-05 INFO [web] started on port 8080
2024-01-06 WARN [db] slow query 2300ms
2024-01-07 ERROR [auth] invalid token for user=alice`;
const re = /^(\d{4}-\d\d-\d\d) (\w+) \[(\w+)\] (.*)$/gm;
let m;
const errors = [];
while ((m = re.exec(log)) !== null) if (m[2] === "ERROR") errors.push({ date: m[1], comp: m[3], msg: m[4] });
console.log(errors);
console.log(log.match(/\d+ms/)[0], log.match(/user=(\w+)/)[1]);
console.log("a1b22c333".replace(/\d+/g, d => `<${d.length}>`));
console.log("John Smith".replace(/(\w+)\s(\w+)/, "$2, $1"));
console.log("one, two;three  four".split(/[,;\s]+/));
console.log(/^[\w.+-]+@\w+\.\w{2,}$/.test("a.b+c@example.com"), /colou?r/i.test("COLOR"));
