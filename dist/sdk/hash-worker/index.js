import '../../hash-worker/index.js';
