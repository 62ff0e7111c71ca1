// Timing: a busy wait on the clock inside a timer chain; no OS access in
// JavaScript at all, only memory, stack, time and output apply (the rest of
// JavaScript is in test_js.sh).
// sbx-args: -t 500ms
// sbx-expect: timeout
function spin() { var t = Date.now(); while (Date.now() - t < 50) {} setTimeout(spin, 0); }
spin();
