let attempts = 0;
function flaky() {
  attempts++;
  return new Promise((resolve, reject) => setTimeout(() => (attempts < 3 ? reject(new Error(`attempt ${attempts} failed`)) : resolve("success")), 5));
}
async function retry(fn, retries = 5, delay = 1) {
  for (let i = 0; ; i++) {
    try { return await fn(); }
    catch (e) {
      console.log(`retry ${i + 1}: ${e.message}`);
      if (i >= retries) throw e;
      await new Promise(r => setTimeout(r, delay * 2 ** i));
    }
  }
}
retry(flaky).then(r => console.log(r, "after", attempts, "attempts"));
