// Asset imports resolve to their file name in component tests.
module.exports = 'test-file-stub';
