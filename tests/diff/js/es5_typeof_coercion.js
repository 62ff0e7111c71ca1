console.log(1 + "2", "3" * "4", true + 1, [] + {}, null + 1, undefined + 1);
console.log("5" - 2, "5" + 2, +"", +" ", +"\n", +[], +{}, +[5]);
console.log(null == undefined, null === undefined, NaN == NaN, "" == 0, "0" == false);
console.log(typeof NaN, typeof Symbol, typeof class {}, typeof new Date());
console.log(!!"", !!"0", !![], !!{}, !!NaN);
