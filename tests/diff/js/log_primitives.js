console.log(1, 1.5, -0, NaN, Infinity, -Infinity);
console.log(true, false, null, undefined);
console.log("str", 'single "quotes"');
console.log(["str", 'it\'s', "a\nb"]);
console.log({ s: "text", n: 0.1 + 0.2, big: 1e21, small: 1e-7 });
console.log([undefined, null, , 3]);
console.log(typeof undefined, typeof null, typeof [], typeof function () {});
