// `node dist/write-baseline.js`, run by the build (build.mjs): the baseline a new embedded database starts from
// (platform/db/baseline.ts), made with the same migrator as every start.
import { openDatabase } from '../platform/db/client.ts';
import { baselineFile, writeBaseline } from '../platform/db/baseline.ts';

const database = await openDatabase({});
try {
  await writeBaseline(await database.dump!('gzip'), process.argv[2] ?? baselineFile);
} finally {
  await database.close();
}
