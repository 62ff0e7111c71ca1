console.log("start");
function parseConfig(text) {
  if (!text.includes("=")) throw new Error(`invalid config line: ${text}`);
  return text.split("=");
}
console.log(parseConfig("a=1"));
parseConfig("garbage");
