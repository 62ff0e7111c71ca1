// An import of a package that is not there: node's ESM loader says
// ERR_MODULE_NOT_FOUND (no CommonJS "Require stack"), and exits 1.
import missing from 'no-such-package-sbx';
console.log('never', missing);
