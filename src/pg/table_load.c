/*
 * table_load.c: decoded rows inserted into a table in batches, the way
 * COPY FROM inserts them (see table_load.h).
 */
#include "compat.h"

#include "access/genam.h"
#include "access/heapam.h"
#include "access/hio.h"
#include "access/htup_details.h"
#include "access/stratnum.h"
#include "access/sysattr.h"
#include "access/table.h"
#include "access/tableam.h"
#include "access/xact.h"
#include "catalog/catalog.h"
#include "catalog/pg_namespace.h"
#include "commands/trigger.h"
#include "executor/executor.h"
#include "executor/tuptable.h"
#include "storage/bufmgr.h"
#include "miscadmin.h"
#include "nodes/execnodes.h"
#include "nodes/parsenodes.h"
#include "nodes/primnodes.h"
#include "parser/parse_relation.h"
#include "tcop/utility.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/rel.h"
#include "utils/rls.h"

#include "table_load.h"

/* A batch: COPY FROM's sizes (rows, and bytes of formed rows). */
#define LOAD_BATCH_ROWS 1000
#define LOAD_BATCH_BYTES 65535

struct wc_table_load
{
	Relation	rel;
	MemoryContext cxt;			/* the loader's: its slots and their rows */
	EState	   *estate;
	ResultRelInfo *rri;
	BulkInsertState bistate;
	CommandId	cid;
	int			natts;
	bool		indexes;		/* index entries to make */
	bool		constraints;	/* NOT NULL / CHECK constraints to check */
	bool		partition;		/* a partition: its constraint to check */
	int			nused;
	size_t		bytes;
	int64		count;			/* rows inserted */
	int64		first;			/* error context: the rows being stored */
	int64		last;
	TupleTableSlot *slots[LOAD_BATCH_ROWS];
};

/*
 * Is relid a table of Citus's metadata (distributed, reference, local)?
 * When it is, *distatt (if given) is the index of its distribution column
 * (from 0), -1 when it has none (a reference or local table).
 */
bool
wc_citus_table(Oid relid, int *distatt)
{
	Oid			cat = get_relname_relid("pg_dist_partition", PG_CATALOG_NAMESPACE);
	Relation	r;
	ScanKeyData key;
	SysScanDesc scan;
	HeapTuple	tup;
	bool		found;

	if (distatt)
		*distatt = -1;
	if (!OidIsValid(cat))
		return false;
	r = table_open(cat, AccessShareLock);
	ScanKeyInit(&key, 1, BTEqualStrategyNumber, F_OIDEQ, ObjectIdGetDatum(relid));
	scan = systable_beginscan(r, InvalidOid, false, NULL, 1, &key);
	tup = systable_getnext(scan);
	found = HeapTupleIsValid(tup);
	if (found && distatt && RelationGetDescr(r)->natts >= 3)
	{
		bool		isnull;
		Datum		d = heap_getattr(tup, 3, RelationGetDescr(r), &isnull);

		/* partkey: the distribution column as a Var node's text */
		if (!isnull)
		{
			Node	   *n = stringToNode(TextDatumGetCString(d));

			if (n && IsA(n, Var) && ((Var *) n)->varattno > 0)
				*distatt = ((Var *) n)->varattno - 1;
		}
	}
	systable_endscan(scan);
	table_close(r, AccessShareLock);
	return found;
}

/* Refuse rel, which an INSERT ... SELECT from the row-returning form loads. */
static void
refuse(Relation rel, const char *fname, const char *instead, const char *why)
{
	ereport(ERROR,
			(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
			 errmsg("%s cannot load table \"%s\": %s", fname, RelationGetRelationName(rel), why),
			 errhint("Load it with INSERT INTO ... SELECT ... FROM %s, which runs as any INSERT does.",
					 instead)));
}

/*
 * Who may insert, checked as an INSERT checks it, with the lock held (so
 * that a concurrent ALTER TABLE ... SET SCHEMA or GRANT is seen): USAGE on
 * the table's schema, which a name lookup checks and a bare OID would skip
 * (a temporary table of our own excepted, as in a lookup), then INSERT on
 * the table or on every column the load writes (all of them), through the
 * executor's own check and its hook.  Without raise, false says no.
 */
static bool
check_privileges(Relation rel, bool raise)
{
	TupleDesc	td = RelationGetDescr(rel);
	Oid			nsp = RelationGetNamespace(rel);
	Bitmapset  *cols = NULL;
	RangeTblEntry *rte;
	bool		ok;

	if (!rel->rd_islocaltemp)
	{
		AclResult	acl = WC_NAMESPACE_ACLCHECK(nsp, GetUserId(), ACL_USAGE);

		if (acl != ACLCHECK_OK && !raise)
			return false;
		if (acl != ACLCHECK_OK)
			aclcheck_error(acl, OBJECT_SCHEMA, get_namespace_name(nsp));
	}
	for (int a = 0; a < td->natts; a++)
		if (!TupleDescAttr(td, a)->attisdropped)
			cols = bms_add_member(cols, a + 1 - FirstLowInvalidHeapAttributeNumber);
	rte = makeNode(RangeTblEntry);
	rte->rtekind = RTE_RELATION;
	rte->relid = RelationGetRelid(rel);
	rte->relkind = rel->rd_rel->relkind;
	rte->rellockmode = RowExclusiveLock;
	WC_CHECK_INSERT_PERMS(rte, cols, raise, ok);
	bms_free(cols);
	return ok;
}

/*
 * A loader writes every column, as INSERT INTO t SELECT * does: refuse, with
 * INSERT's error, a generated column or an identity column GENERATED ALWAYS
 * (whose sequence an explicit value would leave behind).  Without raise,
 * false says there is one.
 */
static bool
check_columns(Relation rel, const char *fname, const char *instead, bool raise)
{
	TupleDesc	td = RelationGetDescr(rel);

	for (int a = 0; a < td->natts; a++)
	{
		Form_pg_attribute att = TupleDescAttr(td, a);

		if (att->attisdropped)
			continue;
		if ((att->attgenerated != '\0' || att->attidentity == ATTRIBUTE_IDENTITY_ALWAYS) && !raise)
			return false;
		if (att->attgenerated != '\0')
			ereport(ERROR,
					(errcode(ERRCODE_GENERATED_ALWAYS),
					 errmsg("cannot insert a non-DEFAULT value into column \"%s\"",
							NameStr(att->attname)),
					 errdetail("Column \"%s\" is a generated column.", NameStr(att->attname)),
					 errhint("%s writes every column; use INSERT INTO ... SELECT ... FROM %s naming the other columns.",
							 fname, instead)));
		if (att->attidentity == ATTRIBUTE_IDENTITY_ALWAYS)
			ereport(ERROR,
					(errcode(ERRCODE_GENERATED_ALWAYS),
					 errmsg("cannot insert a non-DEFAULT value into column \"%s\"",
							NameStr(att->attname)),
					 errdetail("Column \"%s\" is an identity column defined as GENERATED ALWAYS.",
							   NameStr(att->attname)),
					 errhint("%s writes every column; use INSERT INTO ... SELECT ... FROM %s naming the other columns, or with OVERRIDING SYSTEM VALUE.",
							 fname, instead)));
	}
	return true;
}

/* Does an INSERT into rel go through a rule (DO INSTEAD or DO ALSO)? */
static bool
has_insert_rules(Relation rel)
{
	if (rel->rd_rules == NULL)
		return false;
	for (int i = 0; i < rel->rd_rules->numLocks; i++)
		if (rel->rd_rules->rules[i]->event == CMD_INSERT)
			return true;
	return false;
}

/* An insert trigger of rel (foreign keys and deferred unique constraints
 * included)? */
static bool
has_insert_triggers(Relation rel)
{
	TriggerDesc *tr = rel->trigdesc;

	return tr && (tr->trig_insert_before_row || tr->trig_insert_after_row ||
				  tr->trig_insert_instead_row || tr->trig_insert_before_statement ||
				  tr->trig_insert_after_statement || tr->trig_insert_new_table);
}

/*
 * Check rel (locked) as an INSERT would, and refuse what a load cannot do
 * as one.  Without raise, false says what would be an error.
 */
static bool
load_check(Relation rel, const char *fname, const char *instead, bool raise)
{
	if (!check_privileges(rel, raise))
		return false;
	if (!raise &&
		((XactReadOnly && !rel->rd_islocaltemp) || IsInParallelMode() ||
		 RELATION_IS_OTHER_TEMP(rel) || rel->rd_rel->relkind != RELKIND_RELATION ||
		 IsCatalogRelation(rel) || has_insert_rules(rel) || has_insert_triggers(rel) ||
		 check_enable_rls(RelationGetRelid(rel), InvalidOid, true) == RLS_ENABLED))
		return false;
	if (!rel->rd_islocaltemp)
		PreventCommandIfReadOnly(fname);
	PreventCommandIfParallelMode(fname);
	if (RELATION_IS_OTHER_TEMP(rel))
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("cannot access temporary tables of other sessions")));
	if (rel->rd_rel->relkind != RELKIND_RELATION)
		ereport(ERROR,
				(errcode(ERRCODE_WRONG_OBJECT_TYPE),
				 errmsg("%s cannot load \"%s\": it is not an ordinary table", fname,
						RelationGetRelationName(rel)),
				 rel->rd_rel->relkind == RELKIND_PARTITIONED_TABLE ?
				 errhint("Load one of its partitions, or use INSERT INTO ... SELECT ... FROM %s.",
						 instead) :
				 errhint("Use INSERT INTO ... SELECT ... FROM %s.", instead)));
	if (IsCatalogRelation(rel))
		refuse(rel, fname, instead, "it is a system catalog");
	if (has_insert_rules(rel))
		refuse(rel, fname, instead, "it has insert rules");
	if (has_insert_triggers(rel))
		refuse(rel, fname, instead,
			   "it has insert triggers (foreign keys and deferrable unique constraints are such triggers)");
	if (check_enable_rls(RelationGetRelid(rel), InvalidOid, false) == RLS_ENABLED)
		refuse(rel, fname, instead, "row-level security is enabled for it");
	if (!check_columns(rel, fname, instead, raise))
		return false;
	if (wc_citus_table(RelationGetRelid(rel), NULL))
	{
		if (!raise)
			return false;
		refuse(rel, fname, instead, "it is a Citus table, whose rows live in its shards");
	}
	return true;
}

bool
wc_table_load_can(Oid relid)
{
	Relation	rel = try_table_open(relid, RowExclusiveLock);
	bool		ok;

	if (rel == NULL)
		return false;
	ok = load_check(rel, NULL, NULL, false);
	table_close(rel, NoLock);
	return ok;
}

/* Lock relid, check it as an INSERT would, and set up the batches. */
wc_table_load *
wc_table_load_begin(Oid relid, const char *fname, const char *instead)
{
	wc_table_load *l;
	Relation	rel;
	TupleDesc	td;

	/* the lock an INSERT takes, then every check with it held */
	rel = try_table_open(relid, RowExclusiveLock);
	if (rel == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_UNDEFINED_TABLE),
				 errmsg("relation with OID %u does not exist", relid)));
	(void) load_check(rel, fname, instead, true);
	td = RelationGetDescr(rel);

	l = (wc_table_load *) palloc0(sizeof(wc_table_load));	/* slots and counts zero */
	l->rel = rel;
	l->cxt = CurrentMemoryContext;
	l->natts = td->natts;
	l->estate = CreateExecutorState();
	l->rri = makeNode(ResultRelInfo);
	/* range table index 0: the relation is not in a query's range table */
	InitResultRelInfo(l->rri, rel, 0, NULL, 0);
	l->indexes = rel->rd_rel->relhasindex;
	if (l->indexes)
		ExecOpenIndices(l->rri, false);
	l->indexes = l->rri->ri_NumIndices > 0;
	l->constraints = td->constr != NULL;
	l->partition = rel->rd_rel->relispartition;
	l->bistate = GetBulkInsertState();
	l->cid = GetCurrentCommandId(true);
	return l;
}

void
wc_table_load_keep_pages(wc_table_load *l)
{
	Assert(l->nused == 0 && l->count == 0);
	FreeAccessStrategy(l->bistate->strategy);
	l->bistate->strategy = NULL;
}

Oid
wc_table_load_rowtype(const wc_table_load *l)
{
	return l->rel->rd_rel->reltype;
}

/* CONTEXT line: which of the rows handed over, 1-based. */
static void
load_context(void *arg)
{
	wc_table_load *l = (wc_table_load *) arg;

	if (l->first == l->last)
		errcontext("loading row %lld into table \"%s\"", (long long) l->first,
				   RelationGetRelationName(l->rel));
	else
		errcontext("loading rows %lld to %lld into table \"%s\"", (long long) l->first,
				   (long long) l->last, RelationGetRelationName(l->rel));
}

/* Insert the batch, then its index entries. */
static void
load_flush(wc_table_load *l)
{
	ErrorContextCallback cb;

	if (l->nused == 0)
		return;
	l->first = l->count + 1;
	l->last = l->count + l->nused;
	cb.callback = load_context;
	cb.arg = l;
	cb.previous = error_context_stack;
	error_context_stack = &cb;
	table_multi_insert(l->rel, l->slots, l->nused, l->cid, 0, l->bistate);
	for (int i = 0; i < l->nused; i++)
	{
		if (l->indexes)
		{
			List	   *recheck = WC_EXEC_INSERT_INDEX_TUPLES(l->rri, l->slots[i], l->estate);

			list_free(recheck);
			ResetPerTupleExprContext(l->estate);
		}
		ExecClearTuple(l->slots[i]);
	}
	error_context_stack = cb.previous;
	l->count += l->nused;
	l->nused = 0;
	l->bytes = 0;
}

void
wc_table_load_put(wc_table_load *l, const Datum *values, const bool *nulls)
{
	TupleTableSlot *slot = l->slots[l->nused];
	ErrorContextCallback cb;

	if (slot == NULL)
	{
		MemoryContext old = MemoryContextSwitchTo(l->cxt);

		slot = l->slots[l->nused] = table_slot_create(l->rel, NULL);
		MemoryContextSwitchTo(old);
	}
	ExecClearTuple(slot);
	memcpy(slot->tts_values, values, sizeof(Datum) * l->natts);
	memcpy(slot->tts_isnull, nulls, sizeof(bool) * l->natts);
	ExecStoreVirtualTuple(slot);
	if (l->constraints || l->partition)
	{
		l->first = l->last = l->count + l->nused + 1;
		cb.callback = load_context;
		cb.arg = l;
		cb.previous = error_context_stack;
		error_context_stack = &cb;
		if (l->constraints)
			ExecConstraints(l->rri, slot, l->estate);
		if (l->partition)
			(void) ExecPartitionCheck(l->rri, slot, l->estate, true);
		error_context_stack = cb.previous;
		ResetPerTupleExprContext(l->estate);
	}
	/* the row formed in the slot's own memory: the caller's may go */
	l->bytes += ExecFetchSlotHeapTuple(slot, true, NULL)->t_len;
	if (++l->nused == LOAD_BATCH_ROWS || l->bytes >= LOAD_BATCH_BYTES)
		load_flush(l);
}

int64
wc_table_load_end(wc_table_load *l)
{
	int64		n;

	load_flush(l);
	n = l->count;
	if (l->indexes)
		ExecCloseIndices(l->rri);
	FreeBulkInsertState(l->bistate);
	for (int i = 0; i < LOAD_BATCH_ROWS && l->slots[i]; i++)
		ExecDropSingleTupleTableSlot(l->slots[i]);
	FreeExecutorState(l->estate);
	table_close(l->rel, NoLock);
	pfree(l);
	return n;
}
