console.log("1 sync");
setTimeout(() => console.log("6 timeout 0"), 0);
setTimeout(() => console.log("7 timeout 10"), 10);
Promise.resolve().then(() => console.log("3 microtask")).then(() => console.log("4 microtask 2"));
queueMicrotask(() => console.log("3b queueMicrotask"));
(async () => { console.log("2 async body"); await null; console.log("5 after await"); })();
console.log("2b sync end");
