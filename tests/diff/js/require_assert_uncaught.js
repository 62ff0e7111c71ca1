const assert = require("assert");
const isPalindrome = s => s === [...s].reverse().join("");
console.log(isPalindrome("racecar"));
assert.strictEqual(isPalindrome("abca"), true, "abca is not a palindrome");
console.log("unreachable");
