// node:url as ES modules use it: __filename and __dirname from
// import.meta.url, file URLs both ways and their errors, the WHATWG classes.
import { fileURLToPath, pathToFileURL, URL as U2 } from 'url';
import path from 'path';
import * as url from 'node:url';
const __filename = fileURLToPath(import.meta.url);
const __dirname = path.dirname(__filename);
console.log(path.basename(__filename), __dirname === path.dirname(import.meta.filename), U2 === URL);
console.log(fileURLToPath('file:///tmp/a%20b/c%23d.txt'), pathToFileURL('/tmp/a b/c#d?.txt').href);
console.log(pathToFileURL('/x/y/').href, typeof url.fileURLToPath, url.URLSearchParams === URLSearchParams);
try { fileURLToPath('http://x.test/a'); } catch (e) { console.log(e.name, e.code, e.message); }
try { fileURLToPath('file:///a%2Fb'); } catch (e) { console.log(e.name, e.code, e.message); }
console.log(url.format(new URL('http://a.test/x?y=1#z')));
