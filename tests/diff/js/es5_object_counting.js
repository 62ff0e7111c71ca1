var votes = ["yes", "no", "yes", "abstain", "yes", "no"];
var tally = {};
for (var i = 0; i < votes.length; i++) tally[votes[i]] = (tally[votes[i]] || 0) + 1;
console.log(tally);
var keys = Object.keys(tally).sort(function (a, b) { return tally[b] - tally[a]; });
console.log("winner:", keys[0]);
console.log(Array.isArray(keys), keys.length, keys.indexOf("no"));
