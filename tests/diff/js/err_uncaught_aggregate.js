// An uncaught AggregateError: node prints its [errors] after the frames.
console.log('checking');
const failures = [new Error('disk full'), new TypeError('bad handle')];
throw new AggregateError(failures, 'all writes failed');
