// Timers run in due-time order after the main program; a thenable result is
// awaited once the timers are done.
var order = [];
setTimeout(function () { order.push('late'); }, 20);
setTimeout(function () { order.push('early'); }, 5);
var n = 0, iv = setInterval(function () { if (++n === 3) clearInterval(iv); }, 1);
({ then: function (resolve) { setTimeout(function () { resolve({ order: order, ticks: n }); }, 30); } });
