import { PGlite } from '@electric-sql/pglite'
const mb = () => { const m = process.memoryUsage(); return `rss ${(m.rss/1e6).toFixed(0)} ext ${(m.external/1e6).toFixed(0)}` }
console.log('start', mb())
const conf = process.argv[3] ? process.argv[3].split(';') : undefined
const pg = await PGlite.create(process.argv[2] ?? 'memory://', { ...(conf ? { postgresqlconf: conf } : {}), ...(process.argv[4] ? { initialMemory: Number(process.argv[4]) } : {}) })
console.log('pglite', mb())
for (const s of ['shared_buffers', 'work_mem', 'maintenance_work_mem']) console.log(s, (await pg.query(`show ${s}`)).rows)
const t = Date.now(); const r = await pg.query("select count(*) from documents"); console.log(r.rows, Date.now() - t)
await pg.query("select * from documents order by seq"); console.log('after scan', mb())
await pg.close()
