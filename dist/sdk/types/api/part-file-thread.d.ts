export type PartFileRequest = {
    kind: 'write';
    batch: number;
    memory: ArrayBuffer;
    length: number;
    position: number;
}
/** Start the hash again from zero (the transfer restarts). */
 | {
    kind: 'reset';
} | {
    kind: 'digest';
};
export type PartFileReply = {
    kind: 'written';
    batch: number;
    memory: ArrayBuffer;
} | {
    kind: 'digest';
    sha256: string;
} | {
    kind: 'failed';
    message: string;
    code: string | undefined;
};
export interface PartFileThreadData {
    fd: number;
    /** Length of each write call. */
    writeBytes: number;
}
export declare const PART_FILE_THREAD_SOURCE = "\n'use strict';\nconst { createHash } = require('node:crypto');\nconst { writeSync } = require('node:fs');\nconst { parentPort, workerData } = require('node:worker_threads');\nconst { fd, writeBytes } = workerData;\nlet hash = createHash('sha256');\nlet failed = false;\nparentPort.on('message', (request) => {\n  if (failed) return;\n  try {\n    if (request.kind === 'write') {\n      const batch = new Uint8Array(request.memory, 0, request.length);\n      hash.update(batch);\n      for (let done = 0; done < batch.length; ) {\n        const length = Math.min(writeBytes, batch.length - done);\n        done += writeSync(fd, batch, done, length, request.position + done);\n      }\n      parentPort.postMessage(\n        { kind: 'written', batch: request.batch, memory: request.memory },\n        [request.memory],\n      );\n    } else if (request.kind === 'reset') {\n      hash = createHash('sha256');\n    } else if (request.kind === 'digest') {\n      parentPort.postMessage({ kind: 'digest', sha256: hash.digest('hex') });\n    }\n  } catch (error) {\n    failed = true;\n    parentPort.postMessage({\n      kind: 'failed',\n      message: String((error && error.message) || error),\n      code: error && typeof error.code === 'string' ? error.code : undefined,\n    });\n  }\n});\n";
