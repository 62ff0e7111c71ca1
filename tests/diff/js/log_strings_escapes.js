console.log(["tab\there", "quote'single", 'quote"double', `both'"`]);
console.log({ "key with space": 1, valid_id: 2, "123": 3, "a-b": 4 });
console.log("unicode: \u00e9\u4e2d\ud83d\ude00");
console.log(["\u00e9", "\\"]);
