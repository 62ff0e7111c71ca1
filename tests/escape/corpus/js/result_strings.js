// Every valid string survives the report, U+0000 included; the text-mode
// result line carries no terminal control.
// sbx-expect: ok
// sbx-want: BLOCKED
// sbx-text: clean
// sbx-jq: .result == ["a\u0000b", "\u2028", "\u007f\u0085", "\u001b[2J"]
console.log("BLOCKED nothing: the result is kept as it is");
return ["a\u0000b", "\u2028", "\x7f\x85", "\x1b[2J"];
