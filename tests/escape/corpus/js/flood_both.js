// Output flood alternating both streams.
// sbx-args: --max-output 16k -t 5
// sbx-expect: output_limit
var s = new Array(4097).join("x");
for (;;) { console.log(s); console.error(s); }
