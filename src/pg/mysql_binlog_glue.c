/*
 * mysql_binlog_glue.c: the pieces the binlog glue files share (declared in
 * mysql_binlog_glue.h): event sources (a bytea, or a large object read in
 * windows), the walk of the events that carry rows (TRANSACTION_PAYLOAD
 * events decompressed and walked in place), table maps by table id, the
 * decompression of MariaDB's compressed events, row errors and render
 * buffers.  Used by mysql_binlog.c (mysql_binlog_events, mysql_binlog_rows),
 * mysql_binlog_typed.c, mysql_binlog_partial.c and mysql_binlog_apply*.c.
 *
 * TABLE_MAP bodies are copied, so that a table map outlives the buffer it
 * was read into.
 */
#include "compat.h"

#include "common/shortest_dec.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "mysql_binlog.h"
#include "mysql_binlog_glue.h"
#include "wc_unzip.h"
#include "wc_report.h"

/* ---- sources ---- */

void
binlog_src_init(binlog_src *s, FunctionCallInfo fcinfo, bool is_lo)
{
	memset(s, 0, sizeof(*s));
	s->is_lo = is_lo;
	if (is_lo)
		s->lo = PG_GETARG_OID(0);
	else
	{
		bytea	   *b = PG_GETARG_BYTEA_PP(0);

		s->data = (const uint8 *) VARDATA_ANY(b);
		s->len = VARSIZE_ANY_EXHDR(b);
	}
}

void
binlog_src_close(binlog_src *s)
{
	if (s->win)
		pfree(s->win);
	s->win = NULL;
}

/* The large object's bytes [off, off + n) into the window (fewer at its
 * end), read at least 1 MB at a time by lo_get(oid, offset, length)'s own
 * function, so that the privilege check, the snapshot and the closing of
 * pg_largeobject at transaction end are exactly lo_get's (inv_open and
 * inv_read called directly would leave pg_largeobject open at commit). */
static void
binlog_lo_window(binlog_src *s, uint64 off, size_t n)
{
	size_t		want = Max(n, (size_t) 1 << 20);

	if (want > MaxAllocSize - VARHDRSZ)
		wc_report_too_large("MySQL binlog event", n, "bytes", MaxAllocSize - VARHDRSZ);
	if (s->win)
		pfree(s->win);
	s->win = DatumGetByteaPP(DirectFunctionCall3(be_lo_get_fragment, ObjectIdGetDatum(s->lo),
												 Int64GetDatum((int64) off),
												 Int32GetDatum((int32) want)));
	s->win_off = off;
	s->data = (const uint8 *) VARDATA_ANY(s->win);
	s->len = VARSIZE_ANY_EXHDR(s->win);
}

/* Bytes available at off (at most need), refilling the window when it
 * does not hold them. */
static size_t
binlog_lo_at(binlog_src *s, uint64 off, size_t need, const uint8 **p)
{
	if (!s->data || off < s->win_off || off + need > s->win_off + s->len)
		binlog_lo_window(s, off, need);
	*p = s->data + (off - s->win_off);
	return Min(need, s->len - (size_t) (off - s->win_off));
}

void
binlog_begin(binlog_src *s, wc_binlog_state *st)
{
	wc_error	err;
	uint8		magic[WC_BINLOG_MAGIC_LEN];
	const uint8 *p = s->data;
	size_t		n = s->len;

	if (s->is_lo)
	{
		n = binlog_lo_at(s, 0, sizeof(magic), &p);
		memcpy(magic, p, n);
		p = magic;
	}
	if (wc_binlog_begin(st, p, n, &err) != WC_OK)
		wc_report(&err, "MySQL binlog");
}

bool
binlog_next(binlog_src *s, wc_binlog_state *st, wc_binlog_event *ev)
{
	wc_error	err;
	const uint8 *p;
	size_t		avail;

	CHECK_FOR_INTERRUPTS();
	if (!s->is_lo)
	{
		if (st->offset >= s->len)
			return false;
		p = s->data + st->offset;
		avail = s->len - st->offset;
	}
	else
	{
		wc_binlog_header h;

		avail = binlog_lo_at(s, st->offset, WC_BINLOG_HEADER_LEN, &p);
		if (avail == 0)
			return false;
		if (avail == WC_BINLOG_HEADER_LEN)
		{
			if (wc_binlog_header_decode(st, p, st->offset, &h, &err) != WC_OK)
				wc_report(&err, "MySQL binlog");
			avail = binlog_lo_at(s, st->offset, h.event_size, &p);
		}
	}
	if (wc_binlog_next(st, p, avail, ev, &err) != WC_OK)
		wc_report(&err, "MySQL binlog");
	return true;
}

/* ---- table maps ---- */

typedef struct binlog_map_entry
{
	uint64		table_id;		/* hash key */
	bool		valid;
	wc_binlog_table t;
	uint8	   *body;			/* the TABLE_MAP body t points into */
	uint32		cap;			/* columns allocated */
	Datum		schema;			/* text */
	Datum		name;			/* text */
	char	   *qualified;		/* "schema.table" for messages */
} binlog_map_entry;

void
binlog_maps_init(binlog_maps *m, MemoryContext cxt)
{
	HASHCTL		ctl;

	memset(&ctl, 0, sizeof(ctl));
	ctl.keysize = sizeof(uint64);
	ctl.entrysize = sizeof(binlog_map_entry);
	ctl.hcxt = cxt;
	m->cxt = cxt;
	m->htab = hash_create("mysql_binlog table maps", 64, &ctl,
						  HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
}

Datum
binlog_utf8_text(const uint8 *p, size_t n, const char *what)
{
	char	   *s;

	if (pg_encoding_verifymbstr(PG_UTF8, (const char *) p, (int) n) != (int) n)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid MySQL binlog: %s is not UTF-8", what)));
	s = pg_any_to_server((const char *) p, (int) n, PG_UTF8);
	/* unconverted, it is p itself, with no NUL after it */
	return PointerGetDatum(s == (const char *) p ? cstring_to_text_with_len(s, (int) n) : cstring_to_text(s));
}

void
binlog_maps_add(binlog_maps *m, const wc_binlog_state *st, const wc_binlog_event *ev)
{
	wc_error	err;
	uint64		id;
	uint32		ncols;
	bool		found;
	binlog_map_entry *e;
	wc_binlog_event copy = *ev;
	MemoryContext old;

	if (wc_binlog_table_map_peek(st, ev, &id, &ncols, &err) != WC_OK)
		wc_report(&err, psprintf("MySQL binlog event %lld (TABLE_MAP_EVENT)", (long long) ev->index));
	e = hash_search(m->htab, &id, HASH_ENTER, &found);
	old = MemoryContextSwitchTo(m->cxt);
	if (!found)
	{
		e->body = NULL;
		e->cap = 0;
		e->qualified = NULL;
	}
	if (e->body)
		pfree(e->body);
	if (e->qualified)
		pfree(e->qualified);
	e->body = palloc(Max(ev->body_len, 1));
	memcpy(e->body, ev->body, ev->body_len);
	copy.body = e->body;
	if (e->cap < ncols)
	{
		e->t.cols = e->cap ? repalloc(e->t.cols, sizeof(wc_binlog_column) * ncols) :
			palloc(sizeof(wc_binlog_column) * ncols);
		e->cap = ncols;
	}
	e->valid = false;
	if (wc_binlog_table_map_decode(st, &copy, &e->t, &err) != WC_OK)
		wc_report(&err, psprintf("MySQL binlog event %lld (TABLE_MAP_EVENT)", (long long) ev->index));
	e->schema = binlog_utf8_text(e->t.schema, e->t.schema_len, "schema or table name");
	e->name = binlog_utf8_text(e->t.name, e->t.name_len, "schema or table name");
	e->qualified = psprintf("%s.%s", TextDatumGetCString(e->schema),
							TextDatumGetCString(e->name));
	e->valid = true;
	MemoryContextSwitchTo(old);
}

const wc_binlog_table *
binlog_maps_find(binlog_maps *m, const wc_binlog_event *ev, uint64 table_id, Datum *schema,
				 Datum *name, const char **qualified)
{
	binlog_map_entry *e = hash_search(m->htab, &table_id, HASH_FIND, NULL);

	if (!e || !e->valid)
	{
		wc_error	err;

		wc_at_index(&err, wc_fail_found(&err, WC_BINLOG_NO_TABLE_MAP, ev->body_offset,
										table_id), "event", ev->index);
		wc_report(&err, "MySQL binlog row event");
	}
	if (schema)
		*schema = e->schema;
	if (name)
		*name = e->name;
	if (qualified)
		*qualified = e->qualified;
	return &e->t;
}

/* ---- decompression ---- */

/* Report err of event ev, the event named. */
static void
binlog_event_error(wc_error *err, const wc_binlog_event *ev, const char *subject) WC_NORETURN;

static void
binlog_event_error(wc_error *err, const wc_binlog_event *ev, const char *subject)
{
	wc_at_index(err, err->status, "event", ev->index);
	wc_report(err, subject);
}

/*
 * Decompress z[0 .. zlen) (kind, at absolute offset zoff) into a palloc'd
 * buffer of exactly declared bytes, in the core's bounded steps (each
 * checks for interrupts).  The buffer grows as bytes are actually
 * produced, never ahead of them from the stated size, so that a small
 * input stating a large size fails before memory is spent on it.  With
 * max > 0, only the first max bytes (at most) are produced: the rest of
 * the stream is not read.
 */
static uint8 *
binlog_unzip(wc_unzip_kind kind, const uint8 *z, size_t zlen, uint64 zoff, uint64 declared,
			 size_t max, const char *size_field, const wc_binlog_event *ev, const char *subject)
{
	wc_error	err;
	wc_unzip	u;
	size_t		wlen,
				cap;
	void	   *work;
	uint8	   *out;
	uint64		declared_cut = declared;

	/* the stated size first: nothing is allocated for a size over the limit */
	if (wc_unzip_check_size(zlen, declared, zoff, size_field, &err) != WC_OK ||
		wc_unzip_workspace(kind, z, zlen, zoff, &wlen, &err) != WC_OK)
		binlog_event_error(&err, ev, subject);
	work = palloc_extended(wlen, MCXT_ALLOC_HUGE);
	if (wc_unzip_begin(&u, kind, z, zlen, zoff, declared, size_field, work, wlen, &err) != WC_OK)
		binlog_event_error(&err, ev, subject);
	if (max > 0 && declared > max)
		declared_cut = max;
	cap = Min(declared_cut, WC_UNZIP_STEP_OUT);
	out = palloc_extended(Max(cap, 1), MCXT_ALLOC_HUGE);
	while (!u.done && (max == 0 || u.produced < declared_cut))
	{
		size_t		n;

		if (u.produced == cap && cap < declared_cut)
		{
			cap = cap > declared_cut / 2 ? declared_cut : cap * 2;
			out = repalloc_huge(out, cap);
		}
		if (wc_unzip_step(&u, out + u.produced, cap - u.produced, &n, &err) != WC_OK)
			binlog_event_error(&err, ev, subject);
	}
	pfree(work);
	return out;
}

/* Inflate MariaDB's compressed record p[0 .. n) at absolute offset off
 * into a palloc'd buffer; *out_len gets its length. */
uint8 *
binlog_inflate_record(const uint8 *p, size_t n, uint64 off, size_t max, size_t *out_len,
					  const wc_binlog_event *ev)
{
	wc_error	err;
	uint32		raw;
	const uint8 *z;
	size_t		zlen;
	uint8	   *out;

	if (wc_binlog_compressed_header(p, n, off, &raw, &z, &zlen, &err) != WC_OK)
		binlog_event_error(&err, ev, "MySQL binlog compressed event");
	out = binlog_unzip(WC_UNZIP_ZLIB, z, zlen, off + (z - p), raw, max, "inflated length", ev,
					   "MySQL binlog compressed event");
	*out_len = max > 0 && raw > max ? max : raw;
	return out;
}

/* The events of a TRANSACTION_PAYLOAD_EVENT, decompressed into a palloc'd
 * buffer (zstd: one frame of the size the header announces). */
uint8 *
binlog_payload_events(const wc_binlog_event *ev, size_t *out_len)
{
	wc_error	err;
	wc_binlog_payload pl;
	uint8	   *out;
	char	   *subject = psprintf("MySQL binlog event %lld (TRANSACTION_PAYLOAD_EVENT)",
								   (long long) ev->index);

	if (wc_binlog_payload_decode(ev, &pl, &err) != WC_OK)
		wc_report(&err, subject);
	if (pl.compression == WC_BINLOG_PAYLOAD_NONE)
	{
		out = palloc_extended(Max(pl.data_len, 1), MCXT_ALLOC_HUGE);
		memcpy(out, pl.data, pl.data_len);
	}
	else
		out = binlog_unzip(WC_UNZIP_ZSTD, pl.data, pl.data_len, pl.data_offset, pl.raw_size, 0,
						   "decompressed size", ev, subject);
	*out_len = pl.raw_size;
	pfree(subject);
	return out;
}

/* ---- row events: errors, render buffers, the header ---- */

char *
binlog_json_path_text(const char *utf8)
{
	char	   *path;

	if (utf8 == NULL || utf8[0] == '\0')
		return NULL;
	path = pstrdup(utf8);
	if (GetDatabaseEncoding() != PG_UTF8)
		for (char *q = path; *q; q++)
			if ((unsigned char) *q >= 0x80)
				*q = '?';
	return path;
}

/* Report a row image error naming event, table, column and the JSON path
 * (json_path: UTF-8, "" or NULL for none). */
static void
row_error(const wc_error *err, const wc_binlog_event *ev, const wc_binlog_table *t,
		  const char *qualified, int64 row, const char *json_path) WC_NORETURN;

static void
row_error(const wc_error *err, const wc_binlog_event *ev, const wc_binlog_table *t,
		  const char *qualified, int64 row, const char *json_path)
{
	const char *col = NULL;
	char	   *subject;
	char	   *path = binlog_json_path_text(json_path);

	if ((err->has & WC_HAS_INDEX) && err->index_kind && strcmp(err->index_kind, "column") == 0 &&
		err->index >= 1 && err->index <= t->ncols && t->cols[err->index - 1].name)
		col = pnstrdup((const char *) t->cols[err->index - 1].name,
					   t->cols[err->index - 1].name_len);
	subject = psprintf("MySQL binlog row %lld of event %lld (table %s%s%s%s%s%s)",
					   (long long) row, (long long) ev->index, qualified,
					   col ? ", column \"" : "", col ? col : "", col ? "\"" : "",
					   path ? ", JSON path " : "", path ? path : "");
	wc_report(err, subject);
}

void
binlog_row_error(const wc_error *err, const wc_binlog_event *ev, const wc_binlog_table *t,
				 const char *qualified, int64 row)
{
	row_error(err, ev, t, qualified, row, NULL);
}

void
binlog_render_error(const wc_error *err, const wc_binlog_event *ev, const wc_binlog_table *t,
					const char *qualified, int64 row, const wc_binlog_json_opts *opts)
{
	row_error(err, ev, t, qualified, row, opts ? opts->path : NULL);
}

void
binlog_render_init(wc_binlog_json_opts *opts, wc_binlog_out *out, size_t cap, size_t limit)
{
	memset(opts, 0, sizeof(*opts));
	opts->fmt_double = double_to_shortest_decimal_bufn;
	opts->fmt_float = float_to_shortest_decimal_bufn;
	opts->path_cap = 256;
	opts->path = palloc(opts->path_cap);
	opts->path[0] = '\0';
	memset(out, 0, sizeof(*out));
	out->cap = cap;
	out->p = palloc(cap);
	out->limit = limit;
}

bool
binlog_render_grow(wc_binlog_out *out)
{
	if (out->len < out->cap)
		return false;
	/* the core stops soon after the limit, which is below MaxAllocSize */
	if (out->len + 1 > MaxAllocSize)
		elog(ERROR, "MySQL binlog render of %zu bytes passed its limit", out->len);
	out->p = repalloc(out->p, out->len + 1);
	out->cap = out->len + 1;
	return true;
}

/* Row event header, inflating a MariaDB compressed rows part. */
void
binlog_rows_prepare(const wc_binlog_state *st, const wc_binlog_event *ev, wc_binlog_rows *r)
{
	wc_error	err;

	if (wc_binlog_rows_decode(st, ev, r, &err) != WC_OK)
		wc_report(&err, psprintf("MySQL binlog event %lld (%s)", (long long) ev->index,
								 wc_binlog_event_type_name(ev->h.type)));
	if (r->compressed)
	{
		size_t		n;

		r->rows = binlog_inflate_record(r->rows, r->rows_len, r->rows_offset, 0, &n, ev);
		r->rows_len = n;
	}
}

/* ---- walking the events that carry rows ---- */

/* The events of a TRANSACTION_PAYLOAD_EVENT, in place: they carry the
 * payload event's index and (row events) log_pos.  Errors inside name the
 * payload event; their byte offsets count from the start of the
 * decompressed events. */
static void
binlog_walk_payload(const binlog_walk_ops *ops, void *arg, const wc_binlog_state *st,
					const wc_binlog_event *ev)
{
	size_t		len;
	uint8	   *buf = binlog_payload_events(ev, &len);
	wc_binlog_state in;
	wc_binlog_event iev;
	char	   *subject = psprintf("MySQL binlog event %lld (TRANSACTION_PAYLOAD_EVENT)",
								   (long long) ev->index);
	int64		row = 0;

	wc_binlog_payload_state(st, &in);
	while (in.offset < len)
	{
		wc_error	err;
		int			change;
		bool		compressed;

		CHECK_FOR_INTERRUPTS();
		if (wc_binlog_next(&in, buf + in.offset, len - in.offset, &iev, &err) != WC_OK)
			wc_report(&err, subject);
		iev.index = ev->index;
		if (iev.h.type == WC_BINLOG_TABLE_MAP_EVENT)
			ops->table_map(arg, &in, &iev);
		else if (wc_binlog_is_rows_event(iev.h.type, &change, &compressed))
		{
			iev.h.log_pos = ev->h.log_pos;
			row = ops->rows(arg, &in, &iev, row);
		}
	}
}

void
binlog_jump(wc_binlog_state *st, bool complete, const wc_binlog_event *first, uint64 from,
			int64 index)
{
	if (!complete || first->h.type != WC_BINLOG_FORMAT_DESCRIPTION_EVENT)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("MySQL binlog does not start with a complete FORMAT_DESCRIPTION event")));
	if (from < st->offset)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("MySQL binlog position %llu is inside its FORMAT_DESCRIPTION event",
						(unsigned long long) from)));
	st->offset = from;
	st->index = index - 1;
}

void
binlog_walk(binlog_src *src, const binlog_walk_ops *ops, void *arg)
{
	wc_binlog_state st;
	wc_binlog_event ev;
	MemoryContext evcxt = AllocSetContextCreate(CurrentMemoryContext, "mysql_binlog event",
												ALLOCSET_DEFAULT_SIZES);

	binlog_begin(src, &st);
	if (src->from_index > 1 && src->from > WC_BINLOG_MAGIC_LEN)
	{
		bool		complete = binlog_next(src, &st, &ev);

		binlog_jump(&st, complete, &ev, src->from, src->from_index);
	}
	while (binlog_next(src, &st, &ev))
	{
		int			change;
		bool		compressed;
		bool		payload = ev.h.type == WC_BINLOG_TRANSACTION_PAYLOAD_EVENT;
		MemoryContext old;

		if (ev.offset < src->from)
			continue;
		if (ev.h.type == WC_BINLOG_TABLE_MAP_EVENT)
			ops->table_map(arg, &st, &ev);
		else if (payload || wc_binlog_is_rows_event(ev.h.type, &change, &compressed))
		{
			old = MemoryContextSwitchTo(evcxt);
			if (payload)
				binlog_walk_payload(ops, arg, &st, &ev);
			else
				(void) ops->rows(arg, &st, &ev, 0);
			MemoryContextSwitchTo(old);
			MemoryContextReset(evcxt);
		}
	}
	binlog_src_close(src);
	MemoryContextDelete(evcxt);
}
