import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);

// apps/server/src/storage/contract.ts
var SAFE_KEY = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
var MAX_KEY_LENGTH = 1024;
function checkKey(key) {
  if (key.length > MAX_KEY_LENGTH || !SAFE_KEY.test(key) || key.includes("..")) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key.slice(0, 100))}`);
  }
  return key;
}
async function* countingBytes(source, add) {
  for await (const chunk of source) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    add(bytes.length);
    yield bytes;
  }
}

export {
  checkKey,
  countingBytes
};
