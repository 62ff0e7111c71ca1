// Terminal escapes in an exception message must not rewrite sbx's own
// "sbx: error:" line in text mode.
// sbx-expect: error
// sbx-want: BLOCKED
// sbx-text: clean
// sbx-jq: .error.message | contains("\u001b[2K")
console.log("BLOCKED sbx escapes what it prints of the error");
throw new Error("\x1b]0;owned\x07\x1b[2K\rsbx: ok: all good\x9b2J\x7f");
