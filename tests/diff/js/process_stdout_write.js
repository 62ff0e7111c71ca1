process.stdout.write("no newline ");
process.stdout.write("then newline\n");
for (let i = 0; i < 3; i++) process.stdout.write(`${i}${i < 2 ? "," : "\n"}`);
process.stderr.write("to stderr\n");
