console.info("info goes to stdout");
console.warn("warn goes to stderr");
console.error("error goes to stderr", { code: 42 });
console.debug("debug to stdout");
console.log("done");
