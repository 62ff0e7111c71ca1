var s = `a${ {b: `c${1}`}.b }d`; x = y
/re/g