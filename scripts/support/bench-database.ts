import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server named by `serverUrl` (BENCH_DATABASE_URL), for one benchmark run.
 * Resolves with its URL and a function that drops it again (closing any connection left open).
 */
export async function createBenchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `crosswalk_bench_${process.pid}_${Date.now()}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
