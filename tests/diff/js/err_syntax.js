console.log("this file has a syntax error");
const x = {a: 1,, b: 2};
