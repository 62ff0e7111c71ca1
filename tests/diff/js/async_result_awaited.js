async function compute() { await null; return { answer: 42 }; }
return compute();
