import { sql, type Kysely } from 'kysely'
import type { Tables } from './tables'

/**
 * Schema migrations, applied in order once each. The same SQL runs on PGlite and PostgreSQL.
 * Append new versions; never edit a released one.
 */
const MIGRATIONS: ReadonlyArray<{ version: number; up: string }> = [
  {
    version: 1,
    up: `
      create table customers (
        id text primary key,
        name text not null
      );
      create table documents (
        customer_id text not null references customers(id),
        collection text not null,
        id text not null,
        plant_id text not null,
        seq bigint not null,
        revision integer not null,
        updated_at timestamptz not null,
        deleted boolean not null default false,
        data jsonb not null,
        primary key (customer_id, collection, id)
      );
      -- Pulls page by (customer, collection, seq): keyset, never a sort of all rows.
      create unique index documents_pull on documents (customer_id, collection, seq);
      create sequence documents_seq;
      create table credentials (
        user_id text primary key,
        customer_id text not null references customers(id),
        email text not null unique,
        password_hash text not null
      );
      create table sessions (
        token_hash text primary key,
        user_id text not null,
        customer_id text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      );
      create table secrets (
        customer_id text not null,
        owner_id text not null,
        kind text not null,
        secret text not null,
        primary key (customer_id, kind, owner_id)
      );
    `,
  },
  {
    version: 2,
    // Line- and station-scoped reads (a line's signals, a station's signals, a line's limits) by
    // expression index instead of a scan of every document of the customer.
    up: `
      create index documents_line_id on documents (customer_id, collection, (data->>'lineId'));
      create index documents_station_id on documents (customer_id, collection, (data->>'stationId'));
      create index documents_line_uuid on documents (customer_id, collection, (data->>'lineUUID'));
    `,
  },
  {
    version: 3,
    // Tenancy (issue 12): a user id is one customer's, like every document id, so another customer
    // reusing it cannot take or block the account. Every user gets its sign-in row, oldest claim of
    // an e-mail first; users seeded or replicated before this had none and so blocked nobody's claim.
    up: `
      alter table credentials drop constraint credentials_pkey;
      alter table credentials add primary key (customer_id, user_id);
      insert into credentials (user_id, customer_id, email, password_hash)
        select d.id, d.customer_id, lower(trim(d.data->>'email')), '!'
        from documents d
        where d.collection = 'users' and not d.deleted and d.data->>'email' is not null
        order by d.seq
        on conflict do nothing;
    `,
  },
  {
    version: 4,
    // Intents: the log that makes a retried action answer its first result instead of applying
    // twice; monitors read by line; and the LINE-03 memory moves from the secrets table onto the
    // line document (a device needs it to restore a line's monitors offline).
    up: `
      create table intent_log (
        customer_id text not null,
        intent_id text not null,
        result jsonb not null,
        created_at timestamptz not null default now(),
        primary key (customer_id, intent_id)
      );
      create index documents_monitor_line on documents
        (customer_id, collection, (data #>> '{monitor_filter,line_uuid}'));
      update documents d
         set data = jsonb_set(d.data, '{stoppedMonitorIds}', s.secret::jsonb),
             revision = d.revision + 1,
             seq = nextval('documents_seq')
        from secrets s
       where s.kind = 'line-stopped-monitors' and s.customer_id = d.customer_id
         and d.collection = 'lines' and d.id = s.owner_id;
      delete from secrets where kind = 'line-stopped-monitors';
    `,
  },
  {
    version: 5,
    // Gateway mode (docs/gateway.md): the authority's session kept beside ours (never sent to a
    // device), the step log of every call made to the authority (written before and after each; the
    // first step keeps what the action was judged on, so a retry resumes it as it was planned), and
    // the ids the authority gave documents a device created. Empty in the embedded mode.
    up: `
      create table gateway_sessions (
        token_hash text primary key,
        customer_id text not null,
        user_id text not null,
        plant_id text not null,
        role text not null,
        identity jsonb not null,
        authority_cookie text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        checked_at timestamptz not null
      );
      create index gateway_sessions_plant on gateway_sessions (customer_id, plant_id);
      create table gateway_steps (
        customer_id text not null,
        action_id text not null,
        step integer not null,
        name text not null,
        state text not null,
        user_id text not null,
        plant_id text not null,
        result jsonb,
        undo jsonb,
        input jsonb,
        attempts integer not null default 0,
        updated_at timestamptz not null default now(),
        primary key (customer_id, action_id, step)
      );
      create index gateway_steps_state on gateway_steps (state);
      create table gateway_ids (
        customer_id text not null,
        collection text not null,
        device_id text not null,
        authority_id text not null,
        created_at timestamptz not null default now(),
        primary key (customer_id, device_id)
      );
    `,
  },
  {
    version: 6,
    // Issue 25: a monitor keeps the period it trains on and its chosen result classifications. An SVD
    // or MVD monitor stored before gets the defined default (shared/schema/monitor-period.ts's
    // defaultMonitorPeriod as of this version): its last sample_size records up to the moment of this
    // migration, and no classification. A new revision, so devices pull it.
    up: `
      update documents
         set data = jsonb_set(
               data,
               '{monitor_filter}',
               (data->'monitor_filter') || jsonb_build_object(
                 'period', jsonb_build_object(
                   'start_mode', 'RECORDS',
                   'start_time', null,
                   'start_duration', 3600000,
                   'end_mode', 'TIME',
                   'end_time', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                   'end_duration', 3600000),
                 'result_classifications', '[]'::jsonb)),
             revision = revision + 1,
             seq = nextval('documents_seq'),
             updated_at = now()
       where collection = 'monitors'
         and not deleted
         and data->>'monitor_type' in ('svd', 'mvd')
         and not (data->'monitor_filter' ? 'period');
    `,
  },
  {
    version: 7,
    // Issue 27: each document's replicated JSON (its data, its id under the collection's key, and
    // the server fields, as toReplicated in documents.ts writes them) rendered once when the row is
    // written, so a pull joins stored text instead of rendering every document again: the database's
    // CPU for a full pull of 100,000 signals 0.78 → 0.22 s (docs/architecture.md). A trigger, so no
    // write — an upsert's revision and time, a migration's update — can leave it stale; a change of
    // the sequence alone does not touch it. The keys: PRIMARY_KEYS in shared/sync/collections.ts
    // (the replication test compares every collection's pull with toReplicated).
    up: `
      alter table documents add column json text;
      create function documents_replicated_json() returns trigger language plpgsql as $$
      begin
        new.json := (new.data || jsonb_build_object(
          case new.collection
            when 'signalGroups' then 'signalGroupUuid'
            when 'monitors' then 'monitor_uuid'
            when 'monitorRules' then 'monitorId'
            when 'signalLimits' then 'signalUUID'
            else 'id'
          end, new.id,
          'updatedAt', to_char(new.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'revision', new.revision,
          '_deleted', new.deleted))::text;
        return new;
      end
      $$;
      create trigger documents_replicated_json
        before insert or update of collection, id, revision, updated_at, deleted, data on documents
        for each row execute function documents_replicated_json();
      update documents set data = data;
      alter table documents alter column json set not null;
    `,
  },
  {
    version: 8,
    // Issue 27: how many documents each plant holds per collection (a first sync's yardstick,
    // GET /sync/counts), kept by triggers as rows come, move to another plant, or go,
    // instead of a scan of every row of the customer at each device's first sync (~0.1–0.2 s for
    // 100,000 signals, and every request behind it waits: PGlite is one connection).
    up: `
      create table document_counts (
        customer_id text not null,
        plant_id text not null,
        collection text not null,
        n bigint not null,
        primary key (customer_id, plant_id, collection)
      );
      insert into document_counts (customer_id, plant_id, collection, n)
        select customer_id, plant_id, collection, count(*) from documents group by 1, 2, 3;
      create function document_counts_add(delta bigint, rows_customer text, rows_plant text, rows_collection text)
        returns void language sql as $$
          insert into document_counts (customer_id, plant_id, collection, n)
            values (rows_customer, rows_plant, rows_collection, delta)
          on conflict (customer_id, plant_id, collection)
            do update set n = document_counts.n + excluded.n
        $$;
      create function document_counts_inserted() returns trigger language plpgsql as $$
      begin
        perform document_counts_add(count(*), customer_id, plant_id, collection)
          from inserted group by customer_id, plant_id, collection;
        return null;
      end
      $$;
      create function document_counts_deleted() returns trigger language plpgsql as $$
      begin
        perform document_counts_add(-count(*), customer_id, plant_id, collection)
          from deleted group by customer_id, plant_id, collection;
        return null;
      end
      $$;
      -- An update counts only where it moved a row to another plant (the key never changes): a row
      -- trigger whose condition keeps every other write (an edit, an upsert) from calling it.
      create function document_counts_moved() returns trigger language plpgsql as $$
      begin
        perform document_counts_add(-1, old.customer_id, old.plant_id, old.collection);
        perform document_counts_add(1, new.customer_id, new.plant_id, new.collection);
        return null;
      end
      $$;
      create trigger document_counts_inserted after insert on documents
        referencing new table as inserted for each statement execute function document_counts_inserted();
      create trigger document_counts_deleted after delete on documents
        referencing old table as deleted for each statement execute function document_counts_deleted();
      create trigger document_counts_moved after update of plant_id on documents
        for each row when (old.plant_id is distinct from new.plant_id)
        execute function document_counts_moved();
    `,
  },
]

export const LATEST_SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version

export async function migrate(db: Kysely<Tables>): Promise<void> {
  await sql`create table if not exists schema_migrations (version integer primary key, applied_at timestamptz not null default now())`.execute(
    db,
  )
  const applied = new Set(
    (await db.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version),
  )
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue
    await db.transaction().execute(async (tx) => {
      await sql.raw(m.up).execute(tx)
      await tx.insertInto('schema_migrations').values({ version: m.version }).execute()
    })
  }
}
