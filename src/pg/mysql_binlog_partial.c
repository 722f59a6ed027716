/*
 * mysql_binlog_partial.c: the partial JSON updates of MySQL's
 * PARTIAL_UPDATE_ROWS_EVENT applied to the before image's documents, so
 * that mysql_binlog_rows' after image holds whole documents.
 *
 * The core reads the diffs and their paths (src/core/mysql_binlog_diff.c);
 * they are applied here, in order, to the jsonb of the before document, with
 * jsonb_set (REPLACE), jsonb_insert (INSERT) and the #- operator (REMOVE).
 * That is exact and simpler than a document model of our own: every path is
 * first walked here leg by leg against the current document, with MySQL's
 * rules (a member leg only into an object, an index leg only into an array,
 * [last-n] counted from the end, REPLACE and REMOVE only of what exists,
 * INSERT only of a missing member or at an array position, clamped to the
 * end as MySQL does), and handed to the jsonb functions as a text[] of
 * resolved keys and non-negative indexes, which they cannot read otherwise.
 * A path that MySQL would reject is an error, never a guess.  jsonb orders
 * object keys as MySQL's binary JSON does (shorter first, then bytewise), so
 * the result equals MySQL's document.
 */
#include "compat.h"

#include "catalog/pg_type.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/fmgrprotos.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"

#include "mysql_binlog.h"
#include "mysql_binlog_glue.h"
#include "mysql_binlog_partial.h"
#include "wc_jsonb.h"
#include "wc_report.h"

/* Report err for row/column, the path named when there is one. */
static void
partial_error(const wc_error *err, const binlog_partial_ctx *pc, uint32 col,
			  const wc_binlog_json_diff *d) WC_NORETURN;

static void
partial_error(const wc_error *err, const binlog_partial_ctx *pc, uint32 col,
			  const wc_binlog_json_diff *d)
{
	const wc_binlog_column *c = &pc->t->cols[col];
	char	   *name = c->name ? pnstrdup((const char *) c->name, c->name_len) :
		psprintf("@%u", col + 1);
	char	   *path = NULL;
	/* where in the before document rendering stopped */
	const char *in_doc = d ? NULL : binlog_json_path_text(pc->opts->path);

	/* the path is UTF-8: shown as it is in a UTF-8 database, else when ASCII */
	if (d && d->path &&
		pg_encoding_verifymbstr(PG_UTF8, (const char *) d->path, (int) d->path_len) ==
		(int) d->path_len)
	{
		bool		ascii = true;

		for (size_t i = 0; i < d->path_len; i++)
			ascii &= d->path[i] < 0x80;
		if (ascii || GetDatabaseEncoding() == PG_UTF8)
			path = pnstrdup((const char *) d->path, d->path_len);
	}
	wc_report(err, psprintf("MySQL binlog row %lld of event %lld (table %s, column \"%s\"%s%s%s%s%s%s)",
							(long long) pc->row, (long long) pc->ev->index, pc->qualified, name,
							d ? ", " : "", d ? wc_binlog_json_diff_op_name(d->op) : "",
							path ? " " : "", path ? path : "",
							in_doc ? ", JSON path " : "", in_doc ? in_doc : ""));
}

/* One step of a path into the container cur (NULL: a scalar): the value
 * there, and its text[] element; false when MySQL finds nothing there. */
static bool
partial_step(JsonbContainer *cur, const wc_binlog_json_leg *leg, JsonbValue *v, Datum *elem)
{
	if (cur == NULL)
		return false;
	if (leg->kind == WC_BINLOG_LEG_MEMBER)
	{
		uint8	   *key = palloc(Max(leg->key_len, 1));
		size_t		n = wc_binlog_json_leg_key(leg, key);
		char	   *k = (char *) key;
		JsonbValue *found;

		if (!JsonContainerIsObject(cur))
			return false;
		if (GetDatabaseEncoding() != PG_UTF8)
		{
			k = pg_any_to_server(k, (int) n, PG_UTF8);
			n = strlen(k);
		}
		found = getKeyJsonValueFromContainer(cur, k, (int) n, NULL);
		if (found == NULL)
			return false;
		*v = *found;
		*elem = PointerGetDatum(cstring_to_text_with_len(k, (int) n));
		return true;
	}
	else
	{
		uint32		size,
					idx;
		JsonbValue *found;

		if (!JsonContainerIsArray(cur) || JsonContainerIsScalar(cur))
			return false;
		size = JsonContainerSize(cur);
		if (leg->index >= size)
			return false;
		idx = leg->kind == WC_BINLOG_LEG_INDEX ? leg->index : size - 1 - leg->index;
		found = getIthJsonbValueFromContainer(cur, idx);
		*v = *found;
		*elem = PointerGetDatum(cstring_to_text(psprintf("%u", idx)));
		return true;
	}
}

/* The container a value is, or NULL for a scalar. */
static JsonbContainer *
partial_container(const JsonbValue *v)
{
	return v->type == jbvBinary ? v->val.binary.data : NULL;
}

/*
 * Apply one diff to doc; false when MySQL would reject it (the path is not
 * there, or a leg does not fit the value it meets).
 */
static bool
partial_apply(Datum *doc, const wc_binlog_json_diff *d, Datum value, int nlegs,
			  const wc_binlog_json_leg *legs)
{
	Jsonb	   *jb = DatumGetJsonbP(*doc);
	JsonbContainer *cur = JB_ROOT_IS_SCALAR(jb) ? NULL : &jb->root;
	Datum	   *elems = palloc(sizeof(Datum) * nlegs);
	const wc_binlog_json_leg *last = &legs[nlegs - 1];
	JsonbValue	v;
	ArrayType  *path;

	/* the parent of the last leg */
	for (int i = 0; i < nlegs - 1; i++)
	{
		if (!partial_step(cur, &legs[i], &v, &elems[i]))
			return false;
		cur = partial_container(&v);
	}
	if (d->op == WC_BINLOG_JSON_INSERT)
	{
		if (cur == NULL)
			return false;
		if (last->kind == WC_BINLOG_LEG_MEMBER)
		{
			/* a new member: it must not exist */
			if (partial_step(cur, last, &v, &elems[nlegs - 1]) || !JsonContainerIsObject(cur))
				return false;
			{
				uint8	   *key = palloc(Max(last->key_len, 1));
				size_t		n = wc_binlog_json_leg_key(last, key);
				char	   *k = (char *) key;

				if (GetDatabaseEncoding() != PG_UTF8)
				{
					k = pg_any_to_server(k, (int) n, PG_UTF8);
					n = strlen(k);
				}
				elems[nlegs - 1] = PointerGetDatum(cstring_to_text_with_len(k, (int) n));
			}
		}
		else
		{
			/* before position n of the array, at its end when n is past it */
			uint32		size,
						pos;

			if (!JsonContainerIsArray(cur) || JsonContainerIsScalar(cur))
				return false;
			size = JsonContainerSize(cur);
			if (last->kind == WC_BINLOG_LEG_INDEX)
				pos = Min(last->index, size);
			else
				pos = last->index < size ? size - 1 - last->index : 0;
			elems[nlegs - 1] = PointerGetDatum(cstring_to_text(psprintf("%u", pos)));
		}
	}
	else if (!partial_step(cur, last, &v, &elems[nlegs - 1]))
		return false;
	path = construct_array(elems, nlegs, TEXTOID, -1, false, TYPALIGN_INT);
	switch (d->op)
	{
		case WC_BINLOG_JSON_REPLACE:
			*doc = DirectFunctionCall4(jsonb_set, *doc, PointerGetDatum(path), value,
									   BoolGetDatum(false));
			break;
		case WC_BINLOG_JSON_INSERT:
			*doc = DirectFunctionCall4(jsonb_insert, *doc, PointerGetDatum(path), value,
									   BoolGetDatum(false));
			break;
		default:
			*doc = DirectFunctionCall2(jsonb_delete_path, *doc, PointerGetDatum(path));
			break;
	}
	return true;
}

Datum
binlog_partial_column(binlog_partial_ctx *pc, uint32 col)
{
	const wc_binlog_cell *bc = &pc->before[col];
	const wc_binlog_cell *ac = &pc->after[col];
	const wc_binlog_column *c = &pc->t->cols[col];
	wc_error	err;
	Datum		doc;
	size_t		pos = 0;
	size_t		limit = pc->out->limit;
	MemoryContext dcxt,
				old;

	if (bc->state != WC_BINLOG_CELL_VALUE || bc->partial)
	{
		wc_at_index(&err, wc_fail(&err, WC_BINLOG_NO_BEFORE_JSON, ac->offset), "column",
					(int64) col + 1);
		partial_error(&err, pc, col, NULL);
	}
	/* documents bound for jsonb: no more text than a jsonb holds */
	pc->out->limit = Min(limit, BINLOG_JSONB_TEXT_LIMIT);
	do
	{
		pc->out->len = 0;
		if (wc_binlog_value_json(c, bc, pc->opts, pc->out, &err) != WC_OK)
		{
			wc_at_index(&err, err.status, "column", (int64) col + 1);
			partial_error(&err, pc, col, NULL);
		}
	} while (binlog_render_grow(pc->out));
	doc = wc_jsonb_from_utf8((char *) pc->out->p, pc->out->len);

	/* each diff in a context of its own: only the document it leaves is
	 * kept, so that memory stays a few times the document's size whatever
	 * the number of diffs */
	dcxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog JSON diff",
								 ALLOCSET_DEFAULT_SIZES);

	while (pos < ac->len)
	{
		wc_binlog_json_diff d;
		wc_binlog_json_leg *legs;
		int			nlegs = 0;
		size_t		lp = 0;
		Datum		value = (Datum) 0;

		Datum		prev = doc;

		CHECK_FOR_INTERRUPTS();
		old = MemoryContextSwitchTo(dcxt);
		if (wc_binlog_json_diff_next(ac, &pos, &d, &err) != WC_OK)
		{
			wc_at_index(&err, err.status, "column", (int64) col + 1);
			partial_error(&err, pc, col, NULL);
		}
		/* the legs (checked by wc_binlog_json_diff_next): at most one a byte */
		legs = palloc(sizeof(wc_binlog_json_leg) * d.path_len);
		for (;;)
		{
			if (wc_binlog_json_path_next(d.path, d.path_len, d.path_offset, &lp, &legs[nlegs],
										 &err) != WC_OK)
			{
				wc_at_index(&err, err.status, "column", (int64) col + 1);
				partial_error(&err, pc, col, &d);
			}
			if (legs[nlegs].kind == WC_BINLOG_LEG_END)
				break;
			nlegs++;
		}
		if (d.op != WC_BINLOG_JSON_REMOVE)
		{
			do
			{
				pc->out->len = 0;
				if (wc_binlog_mysql_json(d.value, d.value_len, d.value_offset, pc->opts, pc->out,
										 &err) != WC_OK)
				{
					wc_at_index(&err, wc_in_field(&err, err.status, "JSON diff value"), "column",
								(int64) col + 1);
					partial_error(&err, pc, col, &d);
				}
			} while (binlog_render_grow(pc->out));
			value = wc_jsonb_from_utf8((char *) pc->out->p, pc->out->len);
		}
		if (!partial_apply(&doc, &d, value, nlegs, legs))
		{
			wc_at_index(&err, wc_fail(&err, WC_BINLOG_JSON_PATH, d.path_offset), "column",
						(int64) col + 1);
			partial_error(&err, pc, col, &d);
		}
		MemoryContextSwitchTo(old);
		if (doc != prev)
		{
			doc = PointerGetDatum(DatumGetJsonbPCopy(doc));
			pfree(DatumGetPointer(prev));
		}
		MemoryContextReset(dcxt);
	}
	MemoryContextDelete(dcxt);
	pc->out->limit = limit;
	return doc;
}

bool
binlog_partial_split(const wc_binlog_table *t, wc_binlog_cell *after, wc_binlog_cell *saved)
{
	bool		any = false;

	for (uint32 i = 0; i < t->ncols; i++)
	{
		saved[i] = after[i];
		if (after[i].partial)
		{
			after[i].state = WC_BINLOG_CELL_ABSENT;
			after[i].partial = false;
			any = true;
		}
	}
	return any;
}

Datum
binlog_partial_after(binlog_partial_ctx *pc, Datum after)
{
	for (uint32 i = 0; i < pc->t->ncols; i++)
	{
		const wc_binlog_column *c = &pc->t->cols[i];
		char	   *key;
		Datum		elem;
		ArrayType  *path;

		if (!pc->after[i].partial)
			continue;
		key = c->name ? pg_any_to_server(pnstrdup((const char *) c->name, c->name_len),
										 (int) c->name_len, PG_UTF8) :
			psprintf("@%u", i + 1);
		elem = CStringGetTextDatum(key);
		path = construct_array(&elem, 1, TEXTOID, -1, false, TYPALIGN_INT);
		after = DirectFunctionCall4(jsonb_set, after, PointerGetDatum(path),
									binlog_partial_column(pc, i), BoolGetDatum(true));
	}
	return after;
}
