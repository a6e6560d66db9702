// Merges translations written in the old one-file layout (src/i18n/en.json: { "<namespace>": {…}, … })
// into the per-namespace files src/i18n/locales/<language>/<namespace>.json. For a branch that still
// adds keys to en.json/es.json:
//   git show BRANCH:apps/web/src/i18n/en.json > /tmp/en.json
//   node apps/web/scripts/merge-translations.mjs en /tmp/en.json
// Texts from the given file win; keys only in the per-namespace files stay (delete removed keys by
// hand). A namespace with no file yet gets one, and must then be registered (src/i18n/README.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [language, source] = process.argv.slice(2);
if (!language || !source) {
  console.error('usage: node scripts/merge-translations.mjs <language> <old-layout.json>');
  process.exit(2);
}
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n', 'locales', language);
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `theirs` over `ours`: their keys in their order, then keys only we have. */
function merge(ours, theirs) {
  if (!isObject(ours) || !isObject(theirs)) return theirs;
  const out = {};
  for (const [key, value] of Object.entries(theirs)) out[key] = key in ours ? merge(ours[key], value) : value;
  for (const [key, value] of Object.entries(ours)) if (!(key in out)) out[key] = value;
  return out;
}

const incoming = JSON.parse(fs.readFileSync(source, 'utf8'));
fs.mkdirSync(dir, { recursive: true });
for (const [namespace, tree] of Object.entries(incoming)) {
  const file = path.join(dir, `${namespace}.json`);
  const exists = fs.existsSync(file);
  const current = exists ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  const merged = merge(current, tree);
  if (JSON.stringify(merged) === JSON.stringify(current)) continue;
  fs.writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
  console.log(`${exists ? 'updated' : 'NEW NAMESPACE (register it)'}: ${path.relative(process.cwd(), file)}`);
}
