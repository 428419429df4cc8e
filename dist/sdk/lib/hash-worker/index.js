import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:worker_threads"
const external_node_worker_threads_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:worker_threads");
;// CONCATENATED MODULE: ./src/service/hashing/writer.ts
// What a `.part` file hands its full batches to: something that hashes them in the order given
// and writes each at its offset. Small downloads do both on the main thread; large ones on a
// thread of their own (`thread-writer.ts`), where the isolate's cost pays for itself.

// Batches are written in pieces of this size: the steadiest of the sizes measured (bench/README.md).
const WRITE_BYTES = 64 * 1024;
class InlineHashWriter {
    #file;
    #hash = createHash('sha256');
    constructor(file) {
        this.#file = file;
    }
    async write(batch, length, position) {
        this.#hash.update(batch.subarray(0, length));
        for (let done = 0; done < length;) {
            const slice = Math.min(WRITE_BYTES, length - done);
            const { bytesWritten } = await this.#file.write(batch, done, slice, position + done);
            done += bytesWritten;
        }
        return batch;
    }
    reset() {
        this.#hash = createHash('sha256');
    }
    async digest() {
        return this.#hash.digest('hex');
    }
    async close() { }
}

;// CONCATENATED MODULE: ./src/service/hashing/thread-main.ts
// The hashing thread itself, started by `thread-writer.ts`: it hashes each batch it is handed,
// in order per file, and writes it at its offset, synchronously (the thread has nothing else to
// do, and a hop through libuv's pool for each write costs more than it saves).




const port = external_node_worker_threads_namespaceObject.parentPort;
if (port === null)
    throw new Error('thread-main.ts runs as the thread that thread-writer.ts starts.');
const files = new Map();
port.on('message', (request) => {
    const reply = answer(files, request);
    if (reply !== undefined)
        port.postMessage(reply, reply.kind === 'written' ? [reply.memory] : []);
});
/** Does what `request` asks of the files open on the thread; returns the answer it needs, if any. */
function answer(files, request) {
    if (request.kind === 'open') {
        files.set(request.file, { fd: request.fd, hash: (0,external_node_crypto_namespaceObject.createHash)('sha256'), failed: false });
        return undefined;
    }
    const file = files.get(request.file);
    if (request.kind === 'close')
        files.delete(request.file);
    if (file === undefined || file.failed || request.kind === 'close')
        return undefined;
    try {
        switch (request.kind) {
            case 'reset':
                file.hash = (0,external_node_crypto_namespaceObject.createHash)('sha256');
                return undefined;
            case 'digest':
                return { kind: 'digest', file: request.file, sha256: file.hash.digest('hex') };
            case 'write':
                writeBatch(file, new Uint8Array(request.memory, 0, request.length), request.position);
                return { kind: 'written', file: request.file, memory: request.memory };
        }
    }
    catch (error) {
        file.failed = true;
        // A system error's words and code are what survive the trip between threads.
        const { message, code } = error;
        return { kind: 'failed', file: request.file, message, code };
    }
}
function writeBatch(file, batch, position) {
    file.hash.update(batch);
    for (let done = 0; done < batch.length;) {
        const length = Math.min(WRITE_BYTES, batch.length - done);
        done += (0,external_node_fs_namespaceObject.writeSync)(file.fd, batch, done, length, position + done);
    }
}


//# sourceMappingURL=index.js.map