module.exports = require('../jest.frontend.js')(__dirname, 'mf-admin');
