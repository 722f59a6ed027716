/*
 * mysql_binlog_apply_rows.c: mysql_binlog_apply_rows, the row changes of a
 * binlog slice (the file from start_position to end_position, cut in place
 * as mysql_binlog_apply_slice cuts it) applied to the tables of a schema (the driver,
 * mysql_binlog_apply in src/sql/mysql_binlog.sql, plans the units and keeps
 * the progress).
 *
 * One walk of the events (binlog_walk).  Each TABLE_MAP of a table that maps
 * to a target table (same name in target_schema) is bound to the table's
 * row type by the typed decoder (mysql_binlog_typed.h): one bt_cache per
 * table.  The rows are gathered into runs: consecutive changes of one kind
 * to one table with the same carried columns (the row event's column
 * bitmaps: all of them but with MINIMAL images), at most AR_BATCH rows, and
 * no key twice (a set-based UPDATE must not meet a row twice, nor a row
 * another one moved to).  A run is one statement through SPI, its values
 * as one array per column:
 *
 *   INSERT INTO t (cols) SELECT unnest($1), unnest($2), ...
 *   UPDATE t SET c = u.c, ... FROM (SELECT unnest($1) AS c, ..., unnest($k) AS k) u
 *	   WHERE t.pk = u.k
 *   DELETE FROM t USING (SELECT unnest($1) AS k, ...) u WHERE t.pk = u.k
 *
 * planned once (a generic plan) per table, kind and column set per call (the
 * plans live until SPI_finish).  So everything goes
 * through plain SQL as the caller: privileges, row-level security, triggers
 * and constraints apply.  But an INSERT run of whole rows, not idempotent,
 * into a table that table_load.h loads as an INSERT would load it (one
 * without triggers, rules, row-level security, generated columns; the
 * caller may insert into it) skips the statement: its rows go in batches
 * into the table's storage and indexes, as COPY FROM puts them, constraints
 * checked.  An UPDATE or DELETE that meets fewer rows than the
 * run holds has diverged: the first row of the run whose key the table
 * lacked before the statement (one look-up in a snapshot of before it) is
 * the error.  idempotent: inserts upsert, updates first delete a row at the
 * key they move to and insert the new row (a whole image) where there was
 * none to update, missing deletes are ignored.
 *
 * A Citus table (wc_citus_table) differs: custom plans, an update run's rows
 * in a materialized CTE, an update that changes the distribution column
 * as an insert at the new key and a delete at the old one, and an UPDATE
 * or DELETE run in a subtransaction rolled back when it came up short (the
 * look-up then reads the shards as they were before it).
 */
#include "compat.h"

#include "access/htup_details.h"
#include "access/table.h"
#include "access/xact.h"
#include "catalog/namespace.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_index.h"
#include "catalog/pg_type.h"
#include "common/hashfn.h"
#include "executor/spi.h"
#include "executor/spi_priv.h"
#include "funcapi.h"
#include "lib/ilist.h"
#include "miscadmin.h"
#include "catalog/objectaddress.h"
#include "utils/acl.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/plancache.h"
#include "utils/rel.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#include "utils/varlena.h"

#include "mysql_binlog_apply.h"
#include "mysql_binlog_typed.h"
#include "table_load.h"
#include "wc_report.h"

#define AR_BATCH 10000			/* rows per statement at most */
#define AR_SLOTS (1 << 15)		/* key set: > 2 keys per row of a batch */
#define AR_PLAN_BYTES ((Size) 64 << 20) /* plans kept per call: memory */
#define AR_PLANS 1024			/* and number, at most */

/* The statements of a table. */
typedef enum
{
	AK_INSERT,					/* INSERT (idempotent: ON CONFLICT DO UPDATE) */
	AK_INSERT_NEW,				/* idempotent update: INSERT ... ON CONFLICT DO
								 * NOTHING of whole images */
	AK_UPDATE,
	AK_DELETE,
	AK_MOVE,					/* idempotent update: DELETE of a row at the
								 * key an update moves to */
	AK_LOOKUP,					/* the first row of a run the table lacks */
	AK_MOVE_INSERT,				/* Citus: the rows of an update that changes
								 * the distribution column, inserted anew */
	AK_MOVE_DELETE				/* and deleted at their old key */
} ar_kind;

typedef struct ar_plan
{
	struct ar_plan *next;		/* its table's next plan */
	struct ar_table *tab;
	dlist_node	lru;			/* in ar_state.lru */
	ar_kind		kind;
	bool	   *carried;		/* natts; NULL for kinds without columns */
	SPIPlanPtr	plan;
	Size		bytes;			/* its memory, as last measured */
} ar_plan;

/* A MySQL table of the log and the table it maps to. */
typedef struct ar_table
{
	char	   *schema;			/* MySQL's names, database encoding */
	char	   *name;
	char	   *mysql;			/* schema.name */
	Oid			relid;			/* InvalidOid: maps to no table */
	char	   *rel;			/* the target, quoted and qualified */
	bool		seen;			/* rows after after_index */
	bt_cache	cache;			/* row type and binding */
	int			natts;
	int			nlive;
	Oid		   *arrtype;		/* natts: the array type of each attribute */
	char	  **cast;			/* natts: a type without an array type (an
								 * array): "::type", its values passed as
								 * text; else NULL */
	FmgrInfo   *out;			/* natts: those types' output functions */
	bool	   *ispk;			/* natts */
	int			npk;
	int		   *pk;				/* primary key attributes, in key order */
	bool		citus;			/* a Citus table (its rows on the workers) */
	int			distkey;		/* its distribution column's index in pk, or
								 * -1 */
	ar_plan    *plans;
	int			load;			/* inserts through table_load.h: 1 yes, -1
								 * no, 0 not yet known */
	int64		ins;
	int64		upd;
	int64		del;
} ar_table;

typedef struct ar_id
{
	uint64		id;				/* hash key: table id */
	ar_table   *tab;
} ar_id;

/* A MySQL table's names, as bytes: the key of ar_state.by_name. */
typedef struct ar_name
{
	const char *schema;
	const char *name;
	uint32		slen;
	uint32		nlen;
} ar_name;

typedef struct ar_named
{
	ar_name		key;			/* hash key: points into tab's names */
	ar_table   *tab;
} ar_named;

typedef struct ar_slot
{
	uint64		h;
	uint32		gen;
} ar_slot;

/* A run being gathered, in runcxt. */
typedef struct ar_run
{
	ar_table   *tab;
	int			kind;			/* WC_BINLOG_INSERT / UPDATE / DELETE */
	bool	   *carried;		/* natts: the columns its images carry */
	bool		pk_carried;		/* update: its after images carry the key */
	int			n;
	int			cap;
	Datum	  **v;				/* natts (carried ones): after/only image */
	bool	  **vn;
	Datum	  **k;				/* npk: update/delete: before image's key */
	bool	  **kn;
	int64	   *ev;				/* each row's event */
	int		   *unit;			/* and unit */
} ar_run;

typedef struct ar_state
{
	bt_state	bt;
	binlog_maps maps;
	List	   *tables;			/* every ar_table, in order of first sight */
	HTAB	   *by_name;		/* the same, by MySQL name (ar_named) */
	HTAB	   *by_id;
	MemoryContext callcxt;
	MemoryContext runcxt;
	int64		after_index;
	apply_map	map;			/* where the tables go */
	bool		idempotent;
	int64	   *skip;
	int			nskip;
	int			sk;
	int64	   *tr_after;
	Oid		   *tr_target;		/* tables, by OID */
	int			ntr;
	int			nt;
	int64	   *ufirst;
	int64	   *uoff;
	int			nunits;
	int			u;
	ar_run		run;
	ar_slot    *slots;
	uint32		gen;
	bool	   *carried;		/* natts of the row at hand */
	int			carried_cap;
	wc_binlog_cell *keyimg;		/* a before image's key columns */
	uint32		keyimg_cap;
	int			nplans;			/* plans kept, over all tables */
	Size		plan_bytes;		/* and their memory */
	dlist_head	lru;			/* the plans kept, least recently used first */
} ar_state;

/* ---- tables ---- */

/* The primary key of relation r into t (none: npk 0). */
static void
ar_table_pk(ar_table *t, Relation r)
{
	Oid			pkindex;
	HeapTuple	tup;
	Form_pg_index ix;

	list_free(RelationGetIndexList(r));
	pkindex = r->rd_pkindex;
	if (!OidIsValid(pkindex))
		return;
	tup = SearchSysCache1(INDEXRELID, ObjectIdGetDatum(pkindex));
	if (!HeapTupleIsValid(tup))
		elog(ERROR, "cache lookup failed for index %u", pkindex);
	ix = (Form_pg_index) GETSTRUCT(tup);
	t->npk = ix->indnkeyatts;
	t->pk = palloc(sizeof(int) * Max(t->npk, 1));
	for (int i = 0; i < t->npk; i++)
	{
		t->pk[i] = ix->indkey.values[i] - 1;
		if (t->pk[i] < 0)
		{
			/* an expression: no key to find rows by */
			t->npk = 0;
			break;
		}
		t->ispk[t->pk[i]] = true;
	}
	ReleaseSysCache(tup);
}

/*
 * May the caller write table relid: USAGE on its schema, and INSERT, UPDATE
 * or DELETE on the table or on one of its columns?  Checked before the
 * table is opened or locked, as LOCK TABLE and name look-up check first;
 * ERROR 42501 when not (the statements would fail the same way).
 */
static void
ar_check_access(Oid relid)
{
	Oid			nsp = get_rel_namespace(relid);
	AclMode		mode = ACL_INSERT | ACL_UPDATE | ACL_DELETE;
	char		kind = get_rel_relkind(relid);

	if (!OidIsValid(nsp))
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_TABLE),
				 errmsg("relation with OID %u does not exist", relid)));
	if (!isTempNamespace(nsp))
	{
		AclResult	acl = WC_NAMESPACE_ACLCHECK(nsp, GetUserId(), ACL_USAGE);

		if (acl != ACLCHECK_OK)
			aclcheck_error(acl, OBJECT_SCHEMA, get_namespace_name(nsp));
	}
	if (pg_class_aclmask(relid, GetUserId(), mode, ACLMASK_ANY) == 0 &&
		pg_attribute_aclcheck_all(relid, GetUserId(), mode, ACLMASK_ANY) != ACLCHECK_OK)
		aclcheck_error(ACLCHECK_NO_PRIV, get_relkind_objtype(kind), get_rel_name(relid));
}

/* The table MySQL table schema.name maps to, if any, into t. */
static void
ar_table_target(ar_state *s, ar_table *t)
{
	Oid			relid;
	Relation	r;
	TupleDesc	td;
	int			dist;

	relid = apply_map_table(&s->map, t->schema, t->name);
	if (!OidIsValid(relid))
		return;
	ar_check_access(relid);
	r = table_open(relid, RowExclusiveLock);
	td = RelationGetDescr(r);
	t->relid = relid;
	t->rel = quote_qualified_identifier(get_namespace_name(RelationGetNamespace(r)),
										RelationGetRelationName(r));
	t->natts = td->natts;
	t->arrtype = palloc0(sizeof(Oid) * Max(td->natts, 1));
	t->ispk = palloc0(sizeof(bool) * Max(td->natts, 1));
	t->cast = palloc0(sizeof(char *) * Max(td->natts, 1));
	t->out = palloc0(sizeof(FmgrInfo) * Max(td->natts, 1));
	for (int a = 0; a < td->natts; a++)
	{
		Form_pg_attribute att = TupleDescAttr(td, a);

		if (att->attisdropped)
			continue;
		t->nlive++;
		t->arrtype[a] = get_array_type(att->atttypid);
		if (!OidIsValid(t->arrtype[a]))
		{
			Oid			fn;
			bool		varlena;

			t->arrtype[a] = TEXTARRAYOID;
			t->cast[a] = psprintf("::%s", format_type_be_qualified(att->atttypid));
			getTypeOutputInfo(att->atttypid, &fn, &varlena);
			fmgr_info(fn, &t->out[a]);
		}
	}
	ar_table_pk(t, r);
	t->distkey = -1;
	if ((t->citus = wc_citus_table(relid, &dist)))
		for (int i = 0; i < t->npk; i++)
			if (t->pk[i] == dist)
				t->distkey = i;
	row_type_of(&t->cache.type, r->rd_rel->reltype, s->callcxt);
	table_close(r, NoLock);
}

/* by_name's hash and match functions (match: 0 when equal). */
static uint32
ar_name_hash(const void *key, Size keysize)
{
	const ar_name *k = (const ar_name *) key;

	return hash_combine(hash_bytes((const unsigned char *) k->schema, (int) k->slen),
						hash_bytes((const unsigned char *) k->name, (int) k->nlen));
}

static int
ar_name_match(const void *a, const void *b, Size keysize)
{
	const ar_name *x = (const ar_name *) a;
	const ar_name *y = (const ar_name *) b;

	return !(x->slen == y->slen && x->nlen == y->nlen &&
			 memcmp(x->schema, y->schema, x->slen) == 0 &&
			 memcmp(x->name, y->name, x->nlen) == 0);
}

/*
 * The entry of MySQL table schema.name (texts), made on first sight.  A
 * hash look-up: a file may name as many tables as it has TABLE_MAPs.
 */
static ar_table *
ar_table_get(ar_state *s, Datum schema, Datum name)
{
	text	   *xs = DatumGetTextPP(schema);
	text	   *xn = DatumGetTextPP(name);
	ar_name		key;
	ar_named   *e;
	bool		found;
	ar_table   *t;
	MemoryContext old;

	key.schema = VARDATA_ANY(xs);
	key.slen = VARSIZE_ANY_EXHDR(xs);
	key.name = VARDATA_ANY(xn);
	key.nlen = VARSIZE_ANY_EXHDR(xn);
	e = hash_search(s->by_name, &key, HASH_ENTER, &found);
	if (found)
		return e->tab;
	old = MemoryContextSwitchTo(s->callcxt);
	t = palloc0(sizeof(ar_table));
	t->schema = TextDatumGetCString(schema);
	t->name = TextDatumGetCString(name);
	/* the key kept points into the entry's own copies */
	e->key.schema = t->schema;
	e->key.name = t->name;
	t->mysql = psprintf("%s.%s", t->schema, t->name);
	ar_table_target(s, t);
	if (t->natts > s->carried_cap)
	{
		s->carried = s->carried ? repalloc(s->carried, sizeof(bool) * t->natts) :
			palloc(sizeof(bool) * t->natts);
		s->carried_cap = t->natts;
	}
	e->tab = t;
	s->tables = lappend(s->tables, t);
	MemoryContextSwitchTo(old);
	return t;
}

static void
ar_walk_table_map(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev)
{
	ar_state   *s = (ar_state *) arg;
	wc_error	err;
	uint64		id;
	uint32		ncols;
	const wc_binlog_table *t;
	const char *qualified;
	Datum		schema,
				name;
	ar_table   *tab;
	ar_id	   *e;

	binlog_maps_add(&s->maps, st, ev);
	if (wc_binlog_table_map_peek(st, ev, &id, &ncols, &err) != WC_OK)
		wc_report(&err, "MySQL binlog TABLE_MAP_EVENT");
	t = binlog_maps_find(&s->maps, ev, id, &schema, &name, &qualified);
	tab = ar_table_get(s, schema, name);
	e = hash_search(s->by_id, &id, HASH_ENTER, NULL);
	e->tab = tab;
	/* the map of a unit passed over (rolled back, or applied before) is not
	 * bound: its columns need not match the table's now */
	while (s->sk < s->nskip && s->skip[s->sk] < ev->index)
		s->sk++;
	if (OidIsValid(tab->relid) && !(s->sk < s->nskip && s->skip[s->sk] == ev->index))
	{
		s->bt.cache = &tab->cache;
		binlog_typed_bind(&s->bt, st, ev, t, qualified);
	}
}

/* ---- plans ---- */

/* ", " between items of a list being written. */
static void
ar_sep(StringInfo b, int *n, const char *sep)
{
	if ((*n)++ > 0)
		appendStringInfoString(b, sep);
}

static const char *
ar_attname(const ar_table *t, int a)
{
	return quote_identifier(NameStr(TupleDescAttr(t->cache.type.tupdesc, a)->attname));
}

/* "pg_catalog.unnest($p)" of attribute a's values, cast back from text for
 * a type without an array type; "AS <alias>" when alias is given. */
static void
ar_unnest(StringInfo b, const ar_table *t, int a, int p, Oid *types, const char *alias, int n)
{
	types[p - 1] = t->arrtype[a];
	appendStringInfo(b, "pg_catalog.unnest($%d)%s", p, t->cast[a] ? t->cast[a] : "");
	if (alias)
		appendStringInfo(b, " AS %s%d", alias, n);
}

/* "t.pk1 = u.k1 AND ..." (prefix: the u column names' prefix) */
static void
ar_key_match(StringInfo b, const ar_table *t, const char *prefix)
{
	for (int i = 0; i < t->npk; i++)
		appendStringInfo(b, "%st.%s OPERATOR(pg_catalog.=) u.%s%d", i ? " AND " : "",
						 ar_attname(t, t->pk[i]), prefix, i + 1);
}

/* The distribution column's index in t's key when the images carrying
 * columns c carry it, so that an update may change it; else -1. */
static int
ar_dist_carried(const ar_table *t, const bool *c)
{
	return t->distkey >= 0 && c && c[t->pk[t->distkey]] ? t->distkey : -1;
}

/*
 * The rows of an update run joined to t: "(SELECT unnest($1) AS a1, ...,
 * unnest($k) AS k1, ...) u WHERE t.pk1 = u.k1 AND ..." (carried columns c,
 * then the before image's key).  Citus refuses an UPDATE that may change
 * the distribution column: when the images carry it, "moved" picks the
 * rows that change it (true) or those that keep it (false).
 *
 * On a Citus table u comes first, "WITH u AS MATERIALIZED (SELECT x.a1,
 * x.a2::type AS a2, ... FROM ROWS FROM (unnest($1), ...) x(a1, ...))"
 * (head), then
 * "u WHERE ...": Citus evaluates a stable cast (of a type without an array
 * type) of an unnest() in the statement on the coordinator, and fails on a
 * reference table; the CTE it plans and runs on the coordinator first.
 */
static void
ar_update_rows(StringInfo b, const ar_table *t, const bool *c, Oid *types, int *p, bool moved,
			   bool head)
{
	int			d = ar_dist_carried(t, c);
	int			n = 0;

	if (head && !t->citus)
		return;
	if (head)
	{
		appendStringInfoString(b, "WITH u AS MATERIALIZED (SELECT ");
		for (int a = 0; a < t->natts; a++)
			if (c[a])
			{
				ar_sep(b, &n, ", ");
				appendStringInfo(b, "x.a%d%s AS a%d", a + 1, t->cast[a] ? t->cast[a] : "", a + 1);
			}
		for (int i = 0; i < t->npk; i++)
		{
			ar_sep(b, &n, ", ");
			appendStringInfo(b, "x.k%d%s AS k%d", i + 1, t->cast[t->pk[i]] ? t->cast[t->pk[i]] : "", i + 1);
		}
		appendStringInfoString(b, " FROM ROWS FROM (");
		for (int a = 0; a < t->natts; a++)
			if (c[a])
			{
				ar_sep(b, p, ", ");
				appendStringInfo(b, "pg_catalog.unnest($%d)", *p);
				types[*p - 1] = t->arrtype[a];
			}
		for (int i = 0; i < t->npk; i++)
		{
			ar_sep(b, p, ", ");
			appendStringInfo(b, "pg_catalog.unnest($%d)", *p);
			types[*p - 1] = t->arrtype[t->pk[i]];
		}
		appendStringInfoString(b, ") x(");
		n = 0;
		for (int a = 0; a < t->natts; a++)
			if (c[a])
			{
				ar_sep(b, &n, ", ");
				appendStringInfo(b, "a%d", a + 1);
			}
		for (int i = 0; i < t->npk; i++)
		{
			ar_sep(b, &n, ", ");
			appendStringInfo(b, "k%d", i + 1);
		}
		appendStringInfoString(b, ")) ");
		return;
	}
	if (t->citus)
		appendStringInfoString(b, "u WHERE ");
	else
	{
		appendStringInfoString(b, "(SELECT ");
		for (int a = 0; a < t->natts; a++)
			if (c[a])
			{
				ar_sep(b, p, ", ");
				ar_unnest(b, t, a, *p, types, "a", a + 1);
			}
		for (int i = 0; i < t->npk; i++)
		{
			ar_sep(b, p, ", ");
			ar_unnest(b, t, t->pk[i], *p, types, "k", i + 1);
		}
		appendStringInfoString(b, ") u WHERE ");
	}
	ar_key_match(b, t, "k");
	if (d >= 0)
		appendStringInfo(b, " AND %s(u.a%d OPERATOR(pg_catalog.=) u.k%d)", moved ? "NOT " : "",
						 t->pk[d] + 1, d + 1);
}

/* The SQL text of kind for table t and carried columns c, its parameter
 * types into types (their count into *ntypes). */
static char *
ar_sql(const ar_table *t, ar_kind kind, const bool *c, bool idempotent, Oid *types, int *ntypes)
{
	StringInfoData b;
	int			n = 0,
				p = 0;

	initStringInfo(&b);
	switch (kind)
	{
		case AK_INSERT:
		case AK_INSERT_NEW:
			appendStringInfo(&b, "INSERT INTO %s AS t (", t->rel);
			for (int a = 0; a < t->natts; a++)
				if (c[a])
				{
					ar_sep(&b, &n, ", ");
					appendStringInfoString(&b, ar_attname(t, a));
				}
			appendStringInfoString(&b, ") SELECT ");
			for (int a = 0; a < t->natts; a++)
				if (c[a])
				{
					ar_sep(&b, &p, ", ");
					ar_unnest(&b, t, a, p, types, NULL, 0);
				}
			if (kind == AK_INSERT_NEW || (idempotent && t->npk == 0))
				appendStringInfoString(&b, " ON CONFLICT DO NOTHING");
			else if (idempotent)
			{
				appendStringInfoString(&b, " ON CONFLICT (");
				n = 0;
				for (int i = 0; i < t->npk; i++)
				{
					ar_sep(&b, &n, ", ");
					appendStringInfoString(&b, ar_attname(t, t->pk[i]));
				}
				appendStringInfoString(&b, ") DO ");
				n = 0;
				for (int a = 0; a < t->natts; a++)
					if (c[a] && !t->ispk[a])
					{
						appendStringInfoString(&b, n ? ", " : "UPDATE SET ");
						n++;
						appendStringInfo(&b, "%s = EXCLUDED.%s", ar_attname(t, a), ar_attname(t, a));
					}
				if (n == 0)
					appendStringInfoString(&b, "NOTHING");
			}
			break;
		case AK_UPDATE:
			ar_update_rows(&b, t, c, types, &p, false, true);
			appendStringInfo(&b, "UPDATE %s AS t SET ", t->rel);
			for (int a = 0; a < t->natts; a++)
				if (c[a])
				{
					ar_sep(&b, &n, ", ");
					/* (the rows that keep Citus's distribution column) */
					if (ar_dist_carried(t, c) >= 0 && a == t->pk[t->distkey])
						appendStringInfo(&b, "%s = t.%s", ar_attname(t, a), ar_attname(t, a));
					else
						appendStringInfo(&b, "%s = u.a%d", ar_attname(t, a), a + 1);
				}
			appendStringInfoString(&b, " FROM ");
			ar_update_rows(&b, t, c, types, &p, false, false);
			break;
		case AK_MOVE_INSERT:
			ar_update_rows(&b, t, c, types, &p, true, true);
			appendStringInfo(&b, "INSERT INTO %s (", t->rel);
			for (int a = 0; a < t->natts; a++)
				if (!TupleDescAttr(t->cache.type.tupdesc, a)->attisdropped &&
					!TupleDescAttr(t->cache.type.tupdesc, a)->attgenerated)
				{
					ar_sep(&b, &n, ", ");
					appendStringInfoString(&b, ar_attname(t, a));
				}
			appendStringInfoString(&b, ") SELECT ");
			n = 0;
			for (int a = 0; a < t->natts; a++)
				if (!TupleDescAttr(t->cache.type.tupdesc, a)->attisdropped &&
					!TupleDescAttr(t->cache.type.tupdesc, a)->attgenerated)
				{
					ar_sep(&b, &n, ", ");
					if (c[a])
						appendStringInfo(&b, "u.a%d", a + 1);
					else
						appendStringInfo(&b, "t.%s", ar_attname(t, a));
				}
			appendStringInfo(&b, " FROM %s AS t, ", t->rel);
			ar_update_rows(&b, t, c, types, &p, true, false);
			break;
		case AK_MOVE_DELETE:
			ar_update_rows(&b, t, c, types, &p, true, true);
			appendStringInfo(&b, "DELETE FROM %s AS t USING ", t->rel);
			ar_update_rows(&b, t, c, types, &p, true, false);
			break;
		case AK_DELETE:
		case AK_MOVE:
			appendStringInfo(&b, "DELETE FROM %s AS t USING (SELECT ", t->rel);
			for (int i = 0; i < t->npk; i++)
			{
				ar_sep(&b, &p, ", ");
				ar_unnest(&b, t, t->pk[i], p, types, "k", i + 1);
			}
			for (int i = 0; kind == AK_MOVE && i < t->npk; i++)
			{
				ar_sep(&b, &p, ", ");
				ar_unnest(&b, t, t->pk[i], p, types, "o", i + 1);
			}
			appendStringInfoString(&b, ") u WHERE ");
			ar_key_match(&b, t, "k");
			if (kind == AK_MOVE)
			{
				appendStringInfoString(&b, " AND NOT (");
				ar_key_match(&b, t, "o");
				appendStringInfoChar(&b, ')');
			}
			break;
		case AK_LOOKUP:

			/*
			 * The rows' keys joined to those of them the table has (no
			 * correlated subquery: Citus plans the join of its table
			 * first, on the workers)
			 */
			appendStringInfoString(&b, "SELECT u.o, ROW(");
			for (int i = 0; i < t->npk; i++)
				appendStringInfo(&b, "%su.k%d", i ? ", " : "", i + 1);
			appendStringInfoString(&b, ")::pg_catalog.text FROM (SELECT ");
			for (int i = 0; i < t->npk; i++)
			{
				ar_sep(&b, &p, ", ");
				ar_unnest(&b, t, t->pk[i], p, types, "k", i + 1);
			}
			appendStringInfoString(&b, ", pg_catalog.generate_series(1, pg_catalog.cardinality($1)) AS o) u"
								   " LEFT JOIN (SELECT ");
			for (int i = 0; i < t->npk; i++)
				appendStringInfo(&b, "%st.%s AS f%d", i ? ", " : "", ar_attname(t, t->pk[i]), i + 1);
			appendStringInfo(&b, " FROM %s AS t, (SELECT ", t->rel);
			for (int i = 0; i < t->npk; i++)
			{
				if (i)
					appendStringInfoString(&b, ", ");
				ar_unnest(&b, t, t->pk[i], i + 1, types, "k", i + 1);
			}
			appendStringInfoString(&b, ") u WHERE ");
			ar_key_match(&b, t, "k");
			appendStringInfoString(&b, ") f ON ");
			for (int i = 0; i < t->npk; i++)
				appendStringInfo(&b, "%su.k%d OPERATOR(pg_catalog.=) f.f%d", i ? " AND " : "", i + 1, i + 1);
			appendStringInfoString(&b, " ORDER BY f.f1 IS NULL DESC, u.o LIMIT 1");
			break;
	}
	*ntypes = p;
	return b.data;
}

/*
 * Make plan's generic plan now, with joins by index look-ups only: a table
 * that starts empty in the call looks small to the planner, which would
 * hash it whole (a scan of the table per run, quadratic when runs are
 * short) rather than look the run's keys up in its primary key.  A plan
 * remade later (after an invalidation) is the planner's own again.
 */
static void
ar_plan_by_key(SPIPlanPtr plan)
{
	int			level = NewGUCNestLevel();
	CachedPlan *cp;
	MemoryContext cxt;
	MemoryContext old;

	/*
	 * The planner works in the current context, and a generic plan is
	 * copied out of it into its own (GetCachedPlan reparents that next to
	 * the plan source): its working memory, megabytes for a wide UPDATE,
	 * goes with a context of its own rather than staying until SPI_finish.
	 */
	cxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_apply_rows planning",
								ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(cxt);

	(void) set_config_option("enable_hashjoin", "off", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	(void) set_config_option("enable_mergejoin", "off", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	(void) set_config_option("enable_seqscan", "off", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	cp = SPI_plan_get_cached_plan(plan);
	AtEOXact_GUC(true, level);
	if (cp)
		ReleaseCachedPlan(cp, NULL);
	MemoryContextSwitchTo(old);
	MemoryContextDelete(cxt);
}

/* The memory of an unsaved SPI plan: its own context and its plan cache
 * entries' (their siblings), generic plans included. */
static Size
ar_plan_size(SPIPlanPtr plan)
{
	Size		n = MemoryContextMemAllocated(plan->plancxt, true);
	ListCell   *lc;

	foreach(lc, plan->plancache_list)
	{
		CachedPlanSource *ps = (CachedPlanSource *) lfirst(lc);

		n += MemoryContextMemAllocated(ps->context, true);
		if (ps->gplan)
			n += MemoryContextMemAllocated(ps->gplan->context, true);
	}
	return n;
}

/*
 * Free the plans used least recently (but keep) while those kept pass
 * AR_PLAN_BYTES or AR_PLANS: a log whose row events carry ever other
 * column sets (MINIMAL images) makes a plan for each, and would otherwise
 * keep them all until the call ends.  A plan freed is made again when its
 * column set comes back.
 */
static void
ar_plans_trim(ar_state *s, const ar_plan *keep)
{
	while (s->plan_bytes > AR_PLAN_BYTES || s->nplans > AR_PLANS)
	{
		ar_plan    *pl = NULL;
		dlist_iter	it;

		/* not a walk of every table: a file may name as many as it maps */
		dlist_foreach(it, &s->lru)
		{
			ar_plan    *p = dlist_container(ar_plan, lru, it.cur);

			if (p != keep)
			{
				pl = p;
				break;
			}
		}
		if (pl == NULL)
			break;
		dlist_delete(&pl->lru);
		for (ar_plan **pp = &pl->tab->plans; *pp; pp = &(*pp)->next)
			if (*pp == pl)
			{
				*pp = pl->next;
				break;
			}
		s->plan_bytes -= pl->bytes;
		s->nplans--;
		SPI_freeplan(pl->plan);
		if (pl->carried)
			pfree(pl->carried);
		pfree(pl);
	}
}

/* Plan pl was used: its memory measured again (a generic plan is built
 * on first use), and the plans kept trimmed to their bounds. */
static void
ar_plan_used(ar_state *s, ar_plan *pl)
{
	Size		n = ar_plan_size(pl->plan);

	s->plan_bytes = s->plan_bytes - pl->bytes + n;
	pl->bytes = n;
	ar_plans_trim(s, pl);
}

/* The plan of kind for t and carried columns c (NULL: none), made once per
 * call while it is kept (ar_plans_trim). */
static ar_plan *
ar_plan_get(ar_state *s, ar_table *t, ar_kind kind, const bool *c)
{
	ar_plan    *pl;
	Oid		   *types;
	int			ntypes;
	char	   *sql;
	MemoryContext old;

	for (pl = t->plans; pl; pl = pl->next)
		if (pl->kind == kind &&
			(c == NULL || memcmp(pl->carried, c, sizeof(bool) * t->natts) == 0))
		{
			dlist_move_tail(&s->lru, &pl->lru);
			return pl;
		}
	old = MemoryContextSwitchTo(s->callcxt);
	types = palloc(sizeof(Oid) * (t->natts + 2 * t->npk + 1));
	sql = ar_sql(t, kind, c, s->idempotent, types, &ntypes);
	pl = palloc0(sizeof(ar_plan));
	pl->kind = kind;
	if (c)
	{
		pl->carried = palloc(sizeof(bool) * t->natts);
		memcpy(pl->carried, c, sizeof(bool) * t->natts);
	}
	/*
	 * Generic: a custom plan would see each array's size (unnest's support
	 * function) and, for a run of thousands of rows, hash the whole table
	 * rather than look the keys up by the index.  Citus cannot plan a
	 * generic INSERT ... SELECT into its table: custom plans there.
	 */
	pl->plan = SPI_prepare_cursor(sql, ntypes, types,
								  t->citus ? CURSOR_OPT_CUSTOM_PLAN : CURSOR_OPT_GENERIC_PLAN);
	if (pl->plan == NULL)
		elog(ERROR, "SPI_prepare failed for \"%s\": %s", sql, SPI_result_code_string(SPI_result));
	if (kind != AK_INSERT && kind != AK_INSERT_NEW)
		ar_plan_by_key(pl->plan);
	pfree(sql);
	pfree(types);
	pl->tab = t;
	dlist_push_tail(&s->lru, &pl->lru);
	pl->next = t->plans;
	t->plans = pl;
	s->nplans++;
	ar_plan_used(s, pl);
	MemoryContextSwitchTo(old);
	return pl;
}

/* ---- running the statements ---- */

/* The error being handled, with "While applying MySQL binlog <ctx>." at
 * the end of its detail, raised again. */
static void
ar_rethrow(ar_state *s, const char *ctx) WC_NORETURN;

static void
ar_rethrow(ar_state *s, const char *ctx)
{
	ErrorData  *e;

	MemoryContextSwitchTo(s->callcxt);
	e = CopyErrorData();
	FlushErrorState();
	if (e->detail && e->detail[0])
		e->detail = psprintf("%s\nWhile applying MySQL binlog %s.", e->detail, ctx);
	else
		e->detail = psprintf("While applying MySQL binlog %s.", ctx);
	ReThrowError(e);
}

/* Execute the statement of kind for t and carried columns c with params;
 * errors name ctx.  Returns the rows processed. */
static uint64
ar_exec(ar_state *s, ar_table *t, ar_kind kind, const bool *c, Datum *params, const char *ctx)
{
	ar_plan    *pl = ar_plan_get(s, t, kind, c);
	MemoryContext cxt = CurrentMemoryContext;
	volatile int rc = 0;
	uint64		n;

	PG_TRY();
	{
		rc = SPI_execute_plan(pl->plan, params, NULL, false, 0);
	}
	PG_CATCH();
	{
		ar_rethrow(s, ctx);
	}
	PG_END_TRY();
	/* SPI returns in its procedure context, kept until SPI_finish: what
	 * the caller allocates next belongs to its own (a run's, an event's) */
	MemoryContextSwitchTo(cxt);
	if (rc < 0)
		elog(ERROR, "SPI_execute_plan failed: %s", SPI_result_code_string(rc));
	n = SPI_processed;
	ar_plan_used(s, pl);
	return n;
}

static void ar_flush(ar_state *s);

/* The TRUNCATEs due before event ev (after the run so far). */
static void
ar_truncates(ar_state *s, int64 ev)
{
	while (s->nt < s->ntr && s->tr_after[s->nt] < ev)
	{
		Oid			relid = s->tr_target[s->nt];
		char	   *nsp = get_namespace_name(get_rel_namespace(relid));
		char	   *rel;
		char	   *ctx;
		MemoryContext cxt = CurrentMemoryContext;
		volatile int rc = 0;

		if (nsp == NULL)
			ereport(ERROR,
					(errcode(ERRCODE_UNDEFINED_TABLE),
					 errmsg("relation with OID %u does not exist", relid)));
		/* the statement is built here, of the table's quoted name: TRUNCATE
		 * checks the caller's privileges before it locks the table */
		rel = quote_qualified_identifier(nsp, get_rel_name(relid));
		ctx = psprintf("TRUNCATE of %s after event %lld", rel, (long long) s->tr_after[s->nt]);
		ar_flush(s);
		PG_TRY();
		{
			rc = SPI_execute(psprintf("TRUNCATE %s", rel), false, 0);
		}
		PG_CATCH();
		{
			ar_rethrow(s, ctx);
		}
		PG_END_TRY();
		MemoryContextSwitchTo(cxt);	/* as in ar_exec */
		if (rc < 0)
			elog(ERROR, "SPI_execute failed: %s", SPI_result_code_string(rc));
		s->nt++;
	}
}

/* One array of n values of attribute a of t. */
static Datum
ar_array(const ar_table *t, int a, Datum *v, bool *vn, int n)
{
	const rt_attr *at = &t->cache.type.atts[a];
	int			dims[1] = {n};
	int			lbs[1] = {1};

	if (t->cast[a])
	{
		Datum	   *tv = palloc(sizeof(Datum) * Max(n, 1));

		for (int i = 0; i < n; i++)
			tv[i] = vn[i] ? (Datum) 0 :
				CStringGetTextDatum(OutputFunctionCall(&t->out[a], v[i]));
		return PointerGetDatum(construct_md_array(tv, vn, 1, dims, lbs, TEXTOID, -1, false,
												  TYPALIGN_INT));
	}
	return PointerGetDatum(construct_md_array(v, vn, 1, dims, lbs, at->typid, at->typlen,
											  at->typbyval, at->typalign));
}

/* What the run is, for an error's detail. */
static char *
ar_run_ctx(const ar_state *s)
{
	const ar_run *r = &s->run;
	int64		first = r->ev[0],
				last = r->ev[r->n - 1];
	long long	uoff = s->nunits > 0 ? (long long) s->uoff[r->unit[0]] : 0;
	char	   *evs = first == last ? psprintf("event %lld", (long long) first) :
		psprintf("events %lld to %lld", (long long) first, (long long) last);
	const char *what = r->kind == WC_BINLOG_INSERT ? "insert" :
		r->kind == WC_BINLOG_UPDATE ? "update" : "delete";

	if (r->kind != WC_BINLOG_INSERT && r->n == 1)
		return psprintf("%s (transaction at byte offset %lld), %s of a row of %s (MySQL table %s)",
						evs, uoff, what, r->tab->rel, r->tab->mysql);
	return psprintf("%s (transaction at byte offset %lld), %s of %d rows of %s (MySQL table %s)",
					evs, uoff, what, r->n, r->tab->rel, r->tab->mysql);
}

/* An UPDATE or DELETE (command cid) met fewer rows than the run holds:
 * the first row whose key the table lacked before it is the error. */
static void ar_diverged(ar_state *s, Datum *keys, CommandId cid) WC_NORETURN;

static void
ar_diverged(ar_state *s, Datum *keys, CommandId cid)
{
	ar_run	   *r = &s->run;
	ar_table   *t = r->tab;
	SPIPlanPtr	plan = ar_plan_get(s, t, AK_LOOKUP, NULL)->plan;
	Snapshot	snap;
	int			rc;
	int			o = 1;
	char	   *key = "?";
	StringInfoData names;
	bool		isnull;

	PushCopiedSnapshot(GetTransactionSnapshot());
	snap = GetActiveSnapshot();
	snap->curcid = cid;
	rc = SPI_execute_snapshot(plan, keys, NULL, snap, InvalidSnapshot, true, false, 1);
	PopActiveSnapshot();
	if (rc == SPI_OK_SELECT && SPI_processed == 1)
	{
		Datum		d = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull);

		if (!isnull)
			o = DatumGetInt32(d);
		key = SPI_getvalue(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 2);
	}
	if (o < 1 || o > r->n)
		o = 1;
	initStringInfo(&names);
	for (int i = 0; i < t->npk; i++)
		appendStringInfo(&names, "%s%s", i ? ", " : "", ar_attname(t, t->pk[i]));
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("MySQL binlog event %lld (transaction at byte offset %lld): %s of a row of %s (MySQL table %s) that is not there",
					(long long) r->ev[o - 1],
					s->nunits > 0 ? (long long) s->uoff[r->unit[o - 1]] : 0LL,
					r->kind == WC_BINLOG_UPDATE ? "UPDATE" : "DELETE", t->rel, t->mysql),
			 errdetail("Key (%s)=%s.", names.data, key ? key : "?"),
			 errhint("The table has diverged from the MySQL one; idempotent => true skips such rows.")));
}

/* The UPDATE or DELETE of the run; the rows it met.  An update that
 * changes Citus's distribution column inserts the row anew and deletes it
 * at its old key. */
static uint64
ar_run_changes(ar_state *s, Datum *params, const char *ctx)
{
	ar_run	   *r = &s->run;
	ar_table   *t = r->tab;
	uint64		done;

	if (r->kind == WC_BINLOG_DELETE)
		return ar_exec(s, t, AK_DELETE, NULL, params, ctx);
	done = ar_exec(s, t, AK_UPDATE, r->carried, params, ctx);
	if (ar_dist_carried(t, r->carried) >= 0)
	{
		uint64		moved = ar_exec(s, t, AK_MOVE_INSERT, r->carried, params, ctx);

		if (ar_exec(s, t, AK_MOVE_DELETE, r->carried, params, ctx) != moved)
			elog(ERROR, "the rows of %s inserted at a new distribution key were not all deleted at the old one",
				 t->rel);
		done += moved;
	}
	return done;
}

/*
 * ar_run_changes.  The look-up of a missing row (ar_diverged) reads a
 * Citus table on the workers, which do not see a snapshot from before the
 * statement: there the statements of a run (but idempotent) go in a
 * subtransaction, rolled back when they met fewer rows than the run holds.
 */
static uint64
ar_run_guarded(ar_state *s, Datum *params, const char *ctx)
{
	MemoryContext cxt = CurrentMemoryContext;
	ResourceOwner owner = CurrentResourceOwner;
	volatile uint64 done = 0;

	if (!s->run.tab->citus || s->idempotent)
		return ar_run_changes(s, params, ctx);
	BeginInternalSubTransaction(NULL);
	MemoryContextSwitchTo(cxt);
	PG_TRY();
	{
		done = ar_run_changes(s, params, ctx);
		if (done < (uint64) s->run.n)
			RollbackAndReleaseCurrentSubTransaction();
		else
			ReleaseCurrentSubTransaction();
		MemoryContextSwitchTo(cxt);
		CurrentResourceOwner = owner;
	}
	PG_CATCH();
	{
		ErrorData  *e;

		MemoryContextSwitchTo(cxt);
		e = CopyErrorData();
		FlushErrorState();
		RollbackAndReleaseCurrentSubTransaction();
		MemoryContextSwitchTo(cxt);
		CurrentResourceOwner = owner;
		ReThrowError(e);
	}
	PG_END_TRY();
	return done;
}

/* An UPDATE run. */
static void
ar_flush_update(ar_state *s, Datum *params, int nc, const char *ctx)
{
	ar_run	   *r = &s->run;
	ar_table   *t = r->tab;
	Datum	   *keys = params + nc;
	CommandId	cid = 0;
	uint64		done;
	int			ncarried = 0;
	bool		pk_carried = true;

	for (int a = 0; a < t->natts; a++)
		ncarried += r->carried[a];
	for (int i = 0; i < t->npk; i++)
		pk_carried &= r->carried[t->pk[i]];
	if (s->idempotent && pk_carried)
	{
		/* a row already at the key an update moves a row to */
		Datum	   *mv = palloc(sizeof(Datum) * 2 * t->npk);

		for (int i = 0; i < t->npk; i++)
		{
			mv[i] = ar_array(t, t->pk[i], r->v[t->pk[i]], r->vn[t->pk[i]], r->n);
			mv[t->npk + i] = keys[i];
		}
		(void) ar_exec(s, t, AK_MOVE, NULL, mv, ctx);
	}
	if (!s->idempotent)
	{
		CommandCounterIncrement();
		cid = GetCurrentCommandId(false);
	}
	done = ar_run_guarded(s, params, ctx);
	t->upd += (int64) done;
	if (done >= (uint64) r->n)
		return;
	if (!s->idempotent)
		ar_diverged(s, keys, cid);
	if (ncarried == t->nlive)
		t->ins += (int64) ar_exec(s, t, AK_INSERT_NEW, r->carried, params, ctx);
}

/*
 * An INSERT run of whole rows (every column carried) into a table that
 * table_load.h loads as an INSERT would (not idempotent: no upsert): its
 * rows inserted in batches the way COPY FROM inserts them, with no
 * statement to plan and run; false, having done nothing, for any other run.
 * Errors (a duplicate key) name the run as ar_exec's do.
 */
static bool
ar_load(ar_state *s)
{
	ar_run	   *r = &s->run;
	ar_table   *t = r->tab;
	int			ncarried = 0;
	char	   *ctx;
	Datum	   *values;
	bool	   *nulls;
	MemoryContext old;

	if (s->idempotent || t->load < 0)
		return false;
	for (int a = 0; a < t->natts; a++)
		ncarried += r->carried[a];
	if (ncarried != t->nlive)
		return false;
	if (t->load == 0)
		t->load = wc_table_load_can(t->relid) ? 1 : -1;
	if (t->load < 0)
		return false;
	old = MemoryContextSwitchTo(s->runcxt);
	ctx = ar_run_ctx(s);
	values = palloc(sizeof(Datum) * Max(t->natts, 1));
	nulls = palloc(sizeof(bool) * Max(t->natts, 1));
	for (int a = 0; a < t->natts; a++)
	{
		/* dropped columns */
		values[a] = (Datum) 0;
		nulls[a] = true;
	}
	PG_TRY();
	{
		wc_table_load *l = wc_table_load_begin(t->relid, "mysql_binlog_apply",
											   "mysql_binlog_rows(...)");

		/* the updates and deletes that follow find the rows cached */
		wc_table_load_keep_pages(l);

		for (int i = 0; i < r->n; i++)
		{
			CHECK_FOR_INTERRUPTS();
			for (int a = 0; a < t->natts; a++)
				if (r->carried[a])
				{
					values[a] = r->v[a][i];
					nulls[a] = r->vn[a][i];
				}
			wc_table_load_put(l, values, nulls);
		}
		(void) wc_table_load_end(l);
	}
	PG_CATCH();
	{
		ar_rethrow(s, ctx);
	}
	PG_END_TRY();
	t->ins += r->n;
	MemoryContextSwitchTo(old);
	return true;
}

/* An empty run, and a new generation of the key set. */
static void
ar_run_reset(ar_state *s)
{
	MemoryContextReset(s->runcxt);
	memset(&s->run, 0, sizeof(s->run));
	if (++s->gen == 0)
	{
		memset(s->slots, 0, sizeof(ar_slot) * AR_SLOTS);
		s->gen = 1;
	}
}

/* Apply the run gathered, and start an empty one. */
static void
ar_flush(ar_state *s)
{
	ar_run	   *r = &s->run;
	ar_table   *t = r->tab;
	Datum	   *params;
	int			np = 0;
	int			nc;
	char	   *ctx;
	uint64		done;
	CommandId	cid = 0;
	MemoryContext old;

	if (r->n == 0)
		return;
	if (r->kind == WC_BINLOG_INSERT && ar_load(s))
	{
		ar_run_reset(s);
		return;
	}
	old = MemoryContextSwitchTo(s->runcxt);
	ctx = ar_run_ctx(s);
	params = palloc(sizeof(Datum) * (t->natts + t->npk + 1));
	if (r->kind != WC_BINLOG_DELETE)
		for (int a = 0; a < t->natts; a++)
			if (r->carried[a])
				params[np++] = ar_array(t, a, r->v[a], r->vn[a], r->n);
	nc = np;
	if (r->kind != WC_BINLOG_INSERT)
		for (int i = 0; i < t->npk; i++)
			params[np++] = ar_array(t, t->pk[i], r->k[i], r->kn[i], r->n);
	switch (r->kind)
	{
		case WC_BINLOG_INSERT:
			(void) ar_exec(s, t, AK_INSERT, r->carried, params, ctx);
			t->ins += r->n;
			break;
		case WC_BINLOG_UPDATE:
			ar_flush_update(s, params, nc, ctx);
			break;
		default:
			if (!s->idempotent)
			{
				CommandCounterIncrement();
				cid = GetCurrentCommandId(false);
			}
			done = ar_run_guarded(s, params, ctx);
			t->del += (int64) done;
			if (done < (uint64) r->n && !s->idempotent)
				ar_diverged(s, params, cid);
			break;
	}
	MemoryContextSwitchTo(old);
	ar_run_reset(s);
}

/* ---- gathering the rows ---- */

/* A hash of a row's key as the log has it: the key columns of cells, those
 * absent from fallback (an update's after image: its before image). */
static uint64
ar_key_hash(const ar_table *t, const bt_cache *bc, const wc_binlog_cell *cells,
			const wc_binlog_cell *fallback)
{
	uint64		h = UINT64CONST(0x9e3779b97f4a7c15);

	for (int i = 0; i < bc->ncols; i++)
	{
		const wc_binlog_cell *c = &cells[i];

		if (!t->ispk[bc->cols[i].rc.attnum])
			continue;
		if (c->state == WC_BINLOG_CELL_ABSENT && fallback)
			c = &fallback[i];
		if (c->state == WC_BINLOG_CELL_VALUE)
			h = hash_combine64(h, hash_bytes_extended(c->p, (int) c->len, (uint64) i));
		else
			h = hash_combine64(h, (uint64) i + 1);
	}
	return h;
}

/* Add h to the run's keys; true when it was there (or a hash like it:
 * then the run only ends sooner). */
static bool
ar_key_add(ar_state *s, uint64 h)
{
	uint32		i = (uint32) h & (AR_SLOTS - 1);

	for (;;)
	{
		ar_slot    *sl = &s->slots[i];

		if (sl->gen != s->gen)
		{
			sl->gen = s->gen;
			sl->h = h;
			return false;
		}
		if (sl->h == h)
			return true;
		i = (i + 1) & (AR_SLOTS - 1);
	}
}

/* Room for one more row in the run (started when empty). */
static void
ar_run_room(ar_state *s, ar_table *t, int kind)
{
	ar_run	   *r = &s->run;
	MemoryContext old;
	int			cap;

	if (r->n < r->cap)
		return;
	old = MemoryContextSwitchTo(s->runcxt);
	if (r->cap == 0)
	{
		r->tab = t;
		r->kind = kind;
		r->carried = palloc(sizeof(bool) * t->natts);
		memcpy(r->carried, s->carried, sizeof(bool) * t->natts);
		r->v = palloc0(sizeof(Datum *) * t->natts);
		r->vn = palloc0(sizeof(bool *) * t->natts);
		r->k = palloc0(sizeof(Datum *) * Max(t->npk, 1));
		r->kn = palloc0(sizeof(bool *) * Max(t->npk, 1));
	}
	cap = r->cap ? Min(r->cap * 2, AR_BATCH) : 16;
	for (int a = 0; a < t->natts; a++)
		if (r->carried[a] && kind != WC_BINLOG_DELETE)
		{
			r->v[a] = r->cap ? repalloc(r->v[a], sizeof(Datum) * cap) : palloc(sizeof(Datum) * cap);
			r->vn[a] = r->cap ? repalloc(r->vn[a], sizeof(bool) * cap) : palloc(sizeof(bool) * cap);
		}
	for (int i = 0; i < t->npk && kind != WC_BINLOG_INSERT; i++)
	{
		r->k[i] = r->cap ? repalloc(r->k[i], sizeof(Datum) * cap) : palloc(sizeof(Datum) * cap);
		r->kn[i] = r->cap ? repalloc(r->kn[i], sizeof(bool) * cap) : palloc(sizeof(bool) * cap);
	}
	r->ev = r->cap ? repalloc(r->ev, sizeof(int64) * cap) : palloc(sizeof(int64) * cap);
	r->unit = r->cap ? repalloc(r->unit, sizeof(int) * cap) : palloc(sizeof(int) * cap);
	r->cap = cap;
	MemoryContextSwitchTo(old);
}

/* End the run before a row of kind to t carrying s->carried, with key
 * hashes hk (before) and hn (after), when the row cannot join it. */
static void
ar_run_fit(ar_state *s, ar_table *t, int kind, uint64 hk, uint64 hn)
{
	ar_run	   *r = &s->run;
	bool		dup;

	if (r->n > 0 && (r->tab != t || r->kind != kind || r->n >= AR_BATCH ||
					 (kind != WC_BINLOG_DELETE &&
					  memcmp(r->carried, s->carried, sizeof(bool) * t->natts) != 0)))
		ar_flush(s);
	if (t->npk == 0)
		return;
	dup = ar_key_add(s, hk);
	if (hn != hk)
		dup |= ar_key_add(s, hn);
	if (dup && r->n > 0)
	{
		ar_flush(s);
		(void) ar_key_add(s, hk);
		if (hn != hk)
			(void) ar_key_add(s, hn);
	}
}

/* The decoded image into the row type's values; of a before image (key_of
 * given) only the key's columns: the others are not used, and converting
 * them (a JSON document parsed, say) would be most of a delete's cost. */
static void
ar_fill(ar_state *s, const wc_binlog_event *ev, const wc_binlog_table *t, const char *qualified,
		wc_binlog_cell *image, const ar_table *key_of)
{
	wc_binlog_cell *cells = s->bt.cells;

	if (key_of != NULL)
	{
		/* a copy: an after image's partial JSON reads the before one */
		if (t->ncols > s->keyimg_cap)
		{
			s->keyimg = s->keyimg ? repalloc(s->keyimg, sizeof(wc_binlog_cell) * t->ncols)
				: MemoryContextAlloc(s->callcxt, sizeof(wc_binlog_cell) * t->ncols);
			s->keyimg_cap = t->ncols;
		}
		memcpy(s->keyimg, image, sizeof(wc_binlog_cell) * t->ncols);
		image = s->keyimg;
		for (int i = 0; i < key_of->cache.ncols; i++)
			if (!key_of->ispk[key_of->cache.cols[i].rc.attnum])
				image[i].state = WC_BINLOG_CELL_ABSENT;
	}
	s->bt.cells = image;
	binlog_typed_fill(&s->bt, ev, t, qualified);
	s->bt.cells = cells;
}

/* One row of a row event of table tab (MySQL table t) into the run. */
static void
ar_row(ar_state *s, const wc_binlog_event *ev, wc_binlog_rows *r, const wc_binlog_table *t,
	   const char *qualified, ar_table *tab, size_t *pos, int64 row)
{
	bt_state   *bt = &s->bt;
	bt_cache   *bc = &tab->cache;
	row_type   *rt = &bc->type;
	ar_run	   *run = &s->run;
	wc_error	err;
	uint64		hk,
				hn;
	int			kind = r->change;
	int			n;
	MemoryContext old;

	if (kind != WC_BINLOG_INSERT && tab->npk == 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("table %s has no primary key to find the rows of MySQL table %s by",
						tab->rel, tab->mysql)));
	if (wc_binlog_image_decode(r, t, false, pos, bt->cells, &err) != WC_OK)
		binlog_row_error(&err, ev, t, qualified, row);
	if (kind == WC_BINLOG_UPDATE)
	{
		memcpy(bt->before, bt->cells, sizeof(wc_binlog_cell) * t->ncols);
		if (wc_binlog_image_decode(r, t, true, pos, bt->cells, &err) != WC_OK)
			binlog_row_error(&err, ev, t, qualified, row);
		hk = ar_key_hash(tab, bc, bt->before, NULL);
		hn = ar_key_hash(tab, bc, bt->cells, bt->before);
	}
	else
		hk = hn = ar_key_hash(tab, bc, bt->cells, NULL);
	memset(s->carried, 0, sizeof(bool) * tab->natts);
	if (kind != WC_BINLOG_DELETE)
		for (int i = 0; i < bc->ncols; i++)
			if (bt->cells[i].state != WC_BINLOG_CELL_ABSENT)
				s->carried[bc->cols[i].rc.attnum] = true;
	ar_run_fit(s, tab, kind, hk, hn);
	ar_run_room(s, tab, kind);

	old = MemoryContextSwitchTo(s->runcxt);
	n = run->n;
	if (kind != WC_BINLOG_INSERT)
	{
		ar_fill(s, ev, t, qualified, kind == WC_BINLOG_UPDATE ? bt->before : bt->cells, tab);
		for (int i = 0; i < tab->npk; i++)
		{
			run->k[i][n] = rt->values[tab->pk[i]];
			run->kn[i][n] = rt->nulls[tab->pk[i]];
		}
	}
	if (kind != WC_BINLOG_DELETE)
	{
		ar_fill(s, ev, t, qualified, bt->cells, NULL);
		for (int a = 0; a < tab->natts; a++)
			if (run->carried[a])
			{
				run->v[a][n] = rt->values[a];
				run->vn[a][n] = rt->nulls[a];
			}
	}
	MemoryContextSwitchTo(old);
	run->ev[n] = ev->index;
	run->unit[n] = s->u;
	run->n++;
}

static int64
ar_walk_rows(void *arg, const wc_binlog_state *st, const wc_binlog_event *ev, int64 row)
{
	ar_state   *s = (ar_state *) arg;
	wc_binlog_rows r;
	const wc_binlog_table *t;
	const char *qualified;
	ar_id	   *e;
	ar_table   *tab;
	size_t		pos = 0;

	if (ev->index <= s->after_index)
		return row;
	binlog_rows_prepare(st, ev, &r);
	t = binlog_maps_find(&s->maps, ev, r.table_id, NULL, NULL, &qualified);
	e = hash_search(s->by_id, &r.table_id, HASH_FIND, NULL);
	tab = e ? e->tab : NULL;
	if (tab == NULL || !OidIsValid(tab->relid))
		return row;
	if (r.rows_len > 0)
		tab->seen = true;
	while (s->sk < s->nskip && s->skip[s->sk] < ev->index)
		s->sk++;
	if (s->sk < s->nskip && s->skip[s->sk] == ev->index)
		return row;
	ar_truncates(s, ev->index);
	while (s->u + 1 < s->nunits && s->ufirst[s->u + 1] <= ev->index)
		s->u++;
	binlog_typed_reserve(&s->bt, t->ncols);
	s->bt.cache = &tab->cache;
	s->bt.where.event = ev->index;
	s->bt.where.qualified = qualified;
	while (pos < r.rows_len)
	{
		CHECK_FOR_INTERRUPTS();
		row++;
		s->bt.where.row = row;
		ar_row(s, ev, &r, t, qualified, tab, &pos, row);
	}
	return row;
}

/* ---- the function ---- */

/* Argument argno, a bigint[] (NULL: empty), into *out; its length. */
static int
ar_int8s(FunctionCallInfo fcinfo, int argno, int64 **out)
{
	Datum	   *d;
	bool	   *nulls;
	int			n;

	*out = NULL;
	if (PG_ARGISNULL(argno))
		return 0;
	deconstruct_array(PG_GETARG_ARRAYTYPE_P(argno), INT8OID, 8, FLOAT8PASSBYVAL, TYPALIGN_DOUBLE,
					  &d, &nulls, &n);
	*out = palloc(sizeof(int64) * Max(n, 1));
	for (int i = 0; i < n; i++)
		(*out)[i] = nulls[i] ? 0 : DatumGetInt64(d[i]);
	return n;
}

static void
ar_args(ar_state *s, FunctionCallInfo fcinfo)
{
	int			n;

	s->after_index = PG_ARGISNULL(3) ? 0 : PG_GETARG_INT64(3);
	apply_map_args(&s->map, fcinfo, 4, 5, 12, 13);
	s->idempotent = !PG_ARGISNULL(6) && PG_GETARG_BOOL(6);
	s->nskip = ar_int8s(fcinfo, 7, &s->skip);
	s->ntr = ar_int8s(fcinfo, 8, &s->tr_after);
	s->tr_target = palloc0(sizeof(Oid) * Max(s->ntr, 1));
	if (!PG_ARGISNULL(9))
	{
		Datum	   *d;
		bool	   *nulls;

		deconstruct_array(PG_GETARG_ARRAYTYPE_P(9), OIDOID, sizeof(Oid), true, TYPALIGN_INT,
						  &d, &nulls, &n);
		for (int i = 0; i < n && i < s->ntr; i++)
			s->tr_target[i] = nulls[i] ? InvalidOid : DatumGetObjectId(d[i]);
	}
	for (int i = 0; i < s->ntr; i++)
		if (!OidIsValid(s->tr_target[i]))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("truncate_target needs a table for each of truncate_after")));
	s->nunits = ar_int8s(fcinfo, 10, &s->ufirst);
	n = ar_int8s(fcinfo, 11, &s->uoff);
	s->nunits = Min(s->nunits, n);
}

static int
ar_table_cmp(const ListCell *a, const ListCell *b)
{
	const ar_table *x = (const ar_table *) lfirst(a);
	const ar_table *y = (const ar_table *) lfirst(b);
	int			c = varstr_cmp(x->schema, (int) strlen(x->schema), y->schema, (int) strlen(y->schema),
							   DEFAULT_COLLATION_OID);

	if (c != 0)
		return c;
	return varstr_cmp(x->name, (int) strlen(x->name), y->name, (int) strlen(y->name),
					  DEFAULT_COLLATION_OID);
}

/* A row per table with rows, in order of the MySQL names. */
static void
ar_result(ar_state *s, ReturnSetInfo *rsinfo)
{
	ListCell   *lc;

	list_sort(s->tables, ar_table_cmp);
	foreach(lc, s->tables)
	{
		ar_table   *t = (ar_table *) lfirst(lc);
		Datum		values[4];
		bool		nulls[4] = {0};

		if (!OidIsValid(t->relid) || !t->seen)
			continue;
		values[0] = ObjectIdGetDatum(t->relid);
		values[1] = Int64GetDatum(t->ins);
		values[2] = Int64GetDatum(t->upd);
		values[3] = Int64GetDatum(t->del);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
}

PG_FUNCTION_INFO_V1(mysql_binlog_apply_rows);
Datum
mysql_binlog_apply_rows(PG_FUNCTION_ARGS)
{
	static const binlog_walk_ops ops = {ar_walk_table_map, ar_walk_rows};
	ar_state	s;
	binlog_src	src;
	ErrorContextCallback cb;
	HASHCTL		hc;
	MemoryContext old;
	int			guclevel;

	InitMaterializedSRF(fcinfo, 0);
	if (PG_ARGISNULL(0) || PG_ARGISNULL(1) || PG_ARGISNULL(2))
		return (Datum) 0;
	memset(&s, 0, sizeof(s));
	s.callcxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog_apply_rows",
									  ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(s.callcxt);
	ar_args(&s, fcinfo);
	s.runcxt = AllocSetContextCreate(s.callcxt, "mysql_binlog_apply_rows run",
									 ALLOCSET_DEFAULT_SIZES);
	binlog_typed_init(&s.bt, NULL, s.callcxt);
	binlog_maps_init(&s.maps, s.callcxt);
	memset(&hc, 0, sizeof(hc));
	hc.keysize = sizeof(uint64);
	hc.entrysize = sizeof(ar_id);
	hc.hcxt = s.callcxt;
	s.by_id = hash_create("mysql_binlog_apply_rows tables", 64, &hc,
						  HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
	hc.keysize = sizeof(ar_name);
	hc.entrysize = sizeof(ar_named);
	hc.hash = ar_name_hash;
	hc.match = ar_name_match;
	s.by_name = hash_create("mysql_binlog_apply_rows table names", 64, &hc,
							HASH_ELEM | HASH_FUNCTION | HASH_COMPARE | HASH_CONTEXT);
	s.slots = palloc0(sizeof(ar_slot) * AR_SLOTS);
	dlist_init(&s.lru);
	s.gen = 1;
	binlog_src_init(&src, fcinfo, false);
	if (PG_GETARG_INT64(1) < WC_BINLOG_MAGIC_LEN || PG_GETARG_INT64(2) < PG_GETARG_INT64(1) ||
		(uint64) PG_GETARG_INT64(2) > src.len)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("MySQL binlog slice from %lld to %lld is not within the file's %zu bytes",
						(long long) PG_GETARG_INT64(1), (long long) PG_GETARG_INT64(2), src.len)));
	/* the slice of the file, cut in place (mysql_binlog_apply_slice) */
	src.from = (uint64) PG_GETARG_INT64(1);
	src.len = (size_t) PG_GETARG_INT64(2);
	/* the event at start_position is event after_index + 1 */
	src.from_index = s.after_index > 0 ? s.after_index + 1 : 0;

	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");
	/*
	 * The statements run with search_path pg_catalog, pg_temp (as the
	 * driver's own), each plan generic or custom as it was prepared: the
	 * statement calling this function may run under other settings (a
	 * generic plan, so that the file comes by reference).
	 */
	guclevel = NewGUCNestLevel();
	(void) set_config_option("search_path", "pg_catalog, pg_temp", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	(void) set_config_option("plan_cache_mode", "auto", PGC_USERSET, PGC_S_SESSION,
							 GUC_ACTION_SAVE, true, 0, false);
	MemoryContextSwitchTo(s.callcxt);
	cb.callback = binlog_typed_context;
	cb.arg = &s.bt.where;
	cb.previous = error_context_stack;
	error_context_stack = &cb;
	binlog_walk(&src, &ops, &s);
	ar_flush(&s);
	ar_truncates(&s, PG_INT64_MAX);
	error_context_stack = cb.previous;
	AtEOXact_GUC(true, guclevel);
	SPI_finish();

	ar_result(&s, (ReturnSetInfo *) fcinfo->resultinfo);
	MemoryContextSwitchTo(old);
	MemoryContextDelete(s.callcxt);
	return (Datum) 0;
}
