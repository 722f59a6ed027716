/*
 * mysql_binlog_json.c: MySQL's binary JSON documents as JSON text (see
 * mysql_binlog.h), for the JSON columns of row values
 * (mysql_binlog_value.c) and the values of partial JSON updates (the
 * glue's mysql_binlog_partial.c).  Numbers, DECIMAL, temporal values and
 * strings inside a document are written as the column values of those
 * types are (mysql_binlog_value.h).
 */
#include <stdio.h>
#include <string.h>

#include "mysql_binlog.h"
#include "mysql_binlog_int.h"
#include "mysql_binlog_value.h"

/* ---- MySQL binary JSON ---- */

/*
 * What real servers write.  MySQL's serializer (json_binary.cc) lays out an
 * object as counts, key entries, value entries, then the keys and then the
 * values, each right after the one before and in entry order; an array the
 * same without keys.  In-place partial updates (JSON_SET, JSON_REPLACE and
 * JSON_REMOVE on the stored document, logged as diffs with
 * binlog_row_value_options=PARTIAL_JSON) write a new value where the old one
 * was or into the free space between the values of the entries around it
 * (Value::has_space), and JSON_REMOVE shifts the later entries left over the
 * removed one: they leave gaps (unused bytes after a shorter value, the
 * removed key and value) but never put a value before the value of an
 * earlier entry or let two entries share bytes, and MySQL's own
 * Value::get_free_space refuses a document whose keys or values are out of
 * that order.  This decoder requires the same: the keys in entry order at or
 * after the end of the entries, each at or after the end of the key before;
 * the values that are not inlined in entry order at or after the end of the
 * last key (of the entries, in an array), each at or after the end of the
 * value before; gaps anywhere.  So the children of a container never share a
 * byte, a document is a tree (entries pointing at one child would make it a
 * graph whose text doubles with each level), and its text is at most about 6
 * times its size: 6 bytes (\u0001) for a byte of a key or string, at most
 * 20 for the 8 bytes of a number and 2 for the ", " of a 3-byte entry,
 * "base64:type<N>:" for the 2-byte head of an opaque value.
 */
#define WC_JSON_MAX_DEPTH 150

enum
{
	WC_JB_SMALL_OBJECT = 0,
	WC_JB_LARGE_OBJECT = 1,
	WC_JB_SMALL_ARRAY = 2,
	WC_JB_LARGE_ARRAY = 3,
	WC_JB_LITERAL = 4,
	WC_JB_INT16 = 5,
	WC_JB_UINT16 = 6,
	WC_JB_INT32 = 7,
	WC_JB_UINT32 = 8,
	WC_JB_INT64 = 9,
	WC_JB_UINT64 = 10,
	WC_JB_DOUBLE = 11,
	WC_JB_STRING = 12,
	WC_JB_OPAQUE = 15
};

/* One step of the path to the element being rendered. */
typedef struct wc_jb_leg
{
	const uint8_t *key;			/* an object member's name; NULL: array index */
	size_t		klen;
	uint64_t	index;			/* 0-based */
} wc_jb_leg;

typedef struct wc_jb
{
	const uint8_t *doc;			/* the whole document after its type byte */
	size_t		len;
	uint64_t	off;			/* absolute offset of doc[0] */
	const wc_binlog_json_opts *opts;
	wc_binlog_out *o;
	wc_error   *err;
	uint32_t	steps;			/* entries walked, for the interrupt checks */
	int			nlegs;			/* legs of the path to the current element */
	wc_jb_leg	legs[WC_JSON_MAX_DEPTH + 1];
} wc_jb;

static wc_status wc_jb_value(wc_jb *j, uint8_t type, size_t at, size_t avail, int depth,
							 size_t *end);

/* Count one entry walked; every WC_INTERRUPT_STRIDE, let a cancel in. */
static inline void
wc_jb_step(wc_jb *j)
{
	wc_check_interrupts_every(++j->steps, WC_INTERRUPT_STRIDE);
}

/* MySQL's variable-length length: 7 bits a byte, low first, at most 5. */
static wc_status
wc_jb_varlen(wc_jb *j, size_t at, size_t avail, uint64_t *v, size_t *used)
{
	uint64_t	x = 0;

	for (size_t i = 0; i < 5; i++)
	{
		if (i >= avail)
			return wc_in_field(j->err, wc_fail(j->err, WC_ERR_TRUNCATED, j->off + at + i),
							   "JSON length");
		x |= (uint64_t) (j->doc[at + i] & 0x7f) << (7 * i);
		if (!(j->doc[at + i] & 0x80))
		{
			*v = x;
			*used = i + 1;
			return WC_OK;
		}
	}
	return wc_in_field(j->err, wc_fail(j->err, WC_ERR_BAD_VALUE, j->off + at), "JSON length");
}

static void
wc_out_base64(wc_binlog_out *o, const uint8_t *p, size_t n)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	for (size_t i = 0; i < n; i += 3)
	{
		uint32_t	v = (uint32_t) p[i] << 16 | (i + 1 < n ? (uint32_t) p[i + 1] << 8 : 0) |
			(i + 2 < n ? p[i + 2] : 0);

		if (i % WC_OUT_CHUNK == 0 && i)
			wc_check_interrupts();
		wc_out_char(o, b64[v >> 18]);
		wc_out_char(o, b64[(v >> 12) & 63]);
		wc_out_char(o, i + 1 < n ? b64[(v >> 6) & 63] : '=');
		wc_out_char(o, i + 2 < n ? b64[v & 63] : '=');
	}
}

/* An opaque value: DECIMAL and temporal values as MySQL prints them,
 * others as "base64:type<N>:<data>". */
static wc_status
wc_jb_opaque(wc_jb *j, size_t at, size_t avail, size_t *end)
{
	uint8_t		ftype;
	uint64_t	n;
	size_t		used;
	wc_status	rc;
	const uint8_t *d;
	uint64_t	doff;

	if (avail < 1)
		return wc_in_field(j->err, wc_fail(j->err, WC_ERR_TRUNCATED, j->off + at), "JSON opaque");
	ftype = j->doc[at];
	rc = wc_jb_varlen(j, at + 1, avail - 1, &n, &used);
	if (rc != WC_OK)
		return rc;
	if (n > avail - 1 - used)
		return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_LENGTH, j->off + at + 1, n,
											  avail - 1 - used), "JSON opaque");
	d = j->doc + at + 1 + used;
	doff = j->off + at + 1 + used;
	*end = at + 1 + used + (size_t) n;
	switch (ftype)
	{
		case WC_BINLOG_T_NEWDECIMAL:
			if (n < 2)
				return wc_in_field(j->err, wc_fail(j->err, WC_ERR_TRUNCATED, doff + n),
								   "JSON DECIMAL");
			if (wc_binlog_decimal_size(d[0], d[1]) == 0)
				return wc_in_field(j->err, wc_fail(j->err, WC_ERR_BAD_VALUE, doff), "JSON DECIMAL");
			return wc_out_decimal(j->o, d + 2, (size_t) n - 2, d[0], d[1], doff + 2, j->err);
		case WC_BINLOG_T_DATE:
		case WC_BINLOG_T_DATETIME:
		case WC_BINLOG_T_TIMESTAMP:
		case WC_BINLOG_T_TIME:
			if (n != 8)
				return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_BAD_VALUE, doff, 8, n),
								   "JSON temporal value");
			wc_out_char(j->o, '"');
			if (ftype == WC_BINLOG_T_TIME)
				rc = wc_out_packed_time(j->o, (int64_t) wc_bl_le64(d), 6, doff, j->err);
			else
				rc = wc_out_packed_datetime(j->o, (int64_t) wc_bl_le64(d), 6,
											ftype == WC_BINLOG_T_DATE, doff, j->err);
			wc_out_char(j->o, '"');
			return rc;
		default:
			wc_out_str(j->o, "\"base64:type");
			wc_out_u64(j->o, ftype);
			wc_out_char(j->o, ':');
			wc_out_base64(j->o, d, (size_t) n);
			wc_out_char(j->o, '"');
			return WC_OK;
	}
}

/* A key or value of a container where an earlier one is: entry at
 * doc[at + entry], pointing at doc[at + to], the first free byte at
 * doc[at + next]. */
static wc_status
wc_jb_overlap(wc_jb *j, size_t at, size_t entry, uint64_t to, size_t next, const char *field)
{
	return wc_in_field(j->err, wc_fail_ef(j->err, WC_BINLOG_JSON_OVERLAP, j->off + at + entry,
										  j->off + at + next, j->off + at + to), field);
}

/* An object or array whose count field is at doc[at], avail bytes there;
 * *end gets the offset after it. */
static wc_status
wc_jb_container(wc_jb *j, bool object, bool large, size_t at, size_t avail, int depth,
				size_t *end)
{
	unsigned	w = large ? 4 : 2;
	uint64_t	count,
				size;
	size_t		hdr,
				kend,
				next;
	wc_status	rc;

	if (depth > WC_JSON_MAX_DEPTH)
		return wc_in_field(j->err, wc_fail(j->err, WC_ERR_TOO_LARGE, j->off + at), "JSON depth");
	if (avail < 2 * w)
		return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_TRUNCATED, j->off + at + avail,
											  2 * w, avail), "JSON container");
	count = wc_bl_le(j->doc + at, w);
	size = wc_bl_le(j->doc + at + w, w);
	if (size > avail || size < 2 * w)
		return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_LENGTH, j->off + at + w, size, avail),
						   "JSON container size");
	hdr = 2 * w + count * (object ? (w + 2) : 0) + count * (1 + w);
	if (count > size || hdr > size)
		return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_BAD_VALUE, j->off + at, size, hdr),
						   "JSON element count");
	*end = at + (size_t) size;

	/*
	 * Keys in order after the entries, each at or after the end of the one
	 * before (kend); values not inlined in order after the last key, each
	 * at or after the end of the one before (next).  Where the values may
	 * start comes from the last key's entry, so that keys and values are
	 * checked in the one walk that renders them.
	 */
	kend = hdr;
	next = hdr;
	if (object && count > 0)
	{
		size_t		ke = 2 * w + (count - 1) * (w + 2);
		uint64_t	koff = wc_bl_le(j->doc + at + ke, w);
		uint16_t	klen = wc_bl_le16(j->doc + at + ke + w);

		if (koff > size || klen > size - koff)
			return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_LENGTH, j->off + at + ke, koff,
												  size), "JSON key");
		if (koff >= hdr)
			next = (size_t) koff + klen;
	}
	wc_out_char(j->o, object ? '{' : '[');
	for (uint64_t i = 0; i < count; i++)
	{
		size_t		ve = 2 * w + (object ? count * (w + 2) : 0) + i * (1 + w);
		uint8_t		vt = j->doc[at + ve];
		size_t		vend;

		wc_jb_step(j);
		j->legs[depth] = (wc_jb_leg) {NULL, 0, i};
		j->nlegs = depth + 1;
		if (i)
			wc_out_str(j->o, ", ");
		if (object)
		{
			size_t		ke = 2 * w + i * (w + 2);
			uint64_t	koff = wc_bl_le(j->doc + at + ke, w);
			uint16_t	klen = wc_bl_le16(j->doc + at + ke + w);

			if (koff > size || klen > size - koff)
				return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_LENGTH, j->off + at + ke,
													  koff, size), "JSON key");
			j->legs[depth].key = j->doc + at + koff;
			j->legs[depth].klen = klen;
			if (koff < kend)
				return wc_jb_overlap(j, at, ke, koff, kend, "JSON key");
			kend = (size_t) koff + klen;
			rc = wc_out_text(j->o, j->doc + at + koff, klen, WC_CS_UTF8, j->off + at + koff,
							 j->err);
			if (rc != WC_OK)
				return wc_in_field(j->err, rc, "JSON key");
			wc_out_str(j->o, ": ");
		}
		/* literals and 16-bit integers (32-bit in large containers) inline */
		if (vt == WC_JB_LITERAL || vt == WC_JB_INT16 || vt == WC_JB_UINT16 ||
			(large && (vt == WC_JB_INT32 || vt == WC_JB_UINT32)))
			rc = wc_jb_value(j, vt, at + ve + 1, w, depth + 1, &vend);
		else
		{
			uint64_t	voff = wc_bl_le(j->doc + at + ve + 1, w);

			if (voff >= size)
				return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_LENGTH, j->off + at + ve + 1,
													  voff, size), "JSON value offset");
			if (voff < next)
				return wc_jb_overlap(j, at, ve + 1, voff, next, "JSON value");
			rc = wc_jb_value(j, vt, at + voff, size - voff, depth + 1, &vend);
			next = vend - at;
		}
		if (rc == WC_OK)
			rc = wc_out_limit(j->o, j->off + at + ve, j->err);
		if (rc != WC_OK)
			return rc;
	}
	wc_out_char(j->o, object ? '}' : ']');
	j->nlegs = depth;
	return WC_OK;
}

/* A value of type t at doc[at], avail bytes there; *end gets the offset
 * after it. */
static wc_status
wc_jb_value(wc_jb *j, uint8_t t, size_t at, size_t avail, int depth, size_t *end)
{
	static const uint8_t need[16] = {0, 0, 0, 0, 1, 2, 2, 4, 4, 8, 8, 8, 0, 0, 0, 0};
	const uint8_t *p = j->doc + at;

	if (t < 16 && avail < need[t])
		return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_TRUNCATED, j->off + at + avail,
											  need[t], avail), "JSON value");
	*end = at + (t < 16 ? need[t] : 0);
	switch (t)
	{
		case WC_JB_SMALL_OBJECT:
		case WC_JB_LARGE_OBJECT:
		case WC_JB_SMALL_ARRAY:
		case WC_JB_LARGE_ARRAY:
			return wc_jb_container(j, t <= WC_JB_LARGE_OBJECT, t & 1, at, avail, depth, end);
		case WC_JB_LITERAL:
			if (p[0] > 2)
				return wc_in_field(j->err, wc_fail_found(j->err, WC_ERR_BAD_BYTE, j->off + at, p[0]),
								   "JSON literal");
			wc_out_str(j->o, p[0] == 0 ? "null" : p[0] == 1 ? "true" : "false");
			return WC_OK;
		case WC_JB_INT16:
			wc_out_i64(j->o, (int16_t) wc_bl_le16(p));
			return WC_OK;
		case WC_JB_UINT16:
			wc_out_u64(j->o, wc_bl_le16(p));
			return WC_OK;
		case WC_JB_INT32:
			wc_out_i64(j->o, (int32_t) wc_bl_le32(p));
			return WC_OK;
		case WC_JB_UINT32:
			wc_out_u64(j->o, wc_bl_le32(p));
			return WC_OK;
		case WC_JB_INT64:
			wc_out_i64(j->o, (int64_t) wc_bl_le64(p));
			return WC_OK;
		case WC_JB_UINT64:
			wc_out_u64(j->o, wc_bl_le64(p));
			return WC_OK;
		case WC_JB_DOUBLE:
			{
				uint64_t	bits = wc_bl_le64(p);
				double		d;

				memcpy(&d, &bits, 8);
				return wc_out_double(j->o, d, j->opts, j->off + at, j->err);
			}
		case WC_JB_STRING:
			{
				uint64_t	n;
				size_t		used;
				wc_status	rc = wc_jb_varlen(j, at, avail, &n, &used);

				if (rc != WC_OK)
					return rc;
				if (n > avail - used)
					return wc_in_field(j->err, wc_fail_ef(j->err, WC_ERR_LENGTH, j->off + at, n,
														  avail - used), "JSON string");
				*end = at + used + (size_t) n;
				return wc_in_field(j->err, wc_out_text(j->o, p + used, (size_t) n, WC_CS_UTF8,
													   j->off + at + used, j->err), "JSON string");
			}
		case WC_JB_OPAQUE:
			return wc_jb_opaque(j, at, avail, end);
		default:
			return wc_in_field(j->err, wc_fail_found(j->err, WC_ERR_UNSUPPORTED, j->off + at, t),
							   "JSON value type");
	}
}

/* The path text being built: bytes put only whole, nothing after the
 * first piece that does not fit. */
typedef struct wc_path_buf
{
	char	   *p;
	size_t		cap;
	size_t		len;
	bool		full;
} wc_path_buf;

static void
wc_path_put(wc_path_buf *b, const void *s, size_t n)
{
	if (b->full || b->len + n + 4 > b->cap)
	{
		/* "..." where the rest would be, once */
		if (!b->full && b->len + 3 < b->cap)
		{
			memcpy(b->p + b->len, "...", 3);
			b->len += 3;
		}
		b->full = true;
		return;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

/* Is a key an identifier that needs no quotes in a path (ASCII letters,
 * digits, _ and $, not starting with a digit)? */
static bool
wc_path_plain(const uint8_t *k, size_t n)
{
	if (n == 0 || (k[0] >= '0' && k[0] <= '9'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((k[i] >= 'a' && k[i] <= 'z') || (k[i] >= 'A' && k[i] <= 'Z') ||
			  (k[i] >= '0' && k[i] <= '9') || k[i] == '_' || k[i] == '$'))
			return false;
	return true;
}

/* The path to the element j stopped at, in MySQL's path syntax, as UTF-8
 * (bytes of a key that are not UTF-8, and control characters, as '?'). */
static void
wc_jb_path(const wc_jb *j, char *out, size_t cap)
{
	wc_path_buf b = {out, cap, 0, false};

	wc_path_put(&b, "$", 1);
	for (int d = 0; d < j->nlegs; d++)
	{
		const wc_jb_leg *l = &j->legs[d];

		if (!l->key)
		{
			char		num[24];
			int			n = snprintf(num, sizeof(num), "[%llu]", (unsigned long long) l->index);

			wc_path_put(&b, num, (size_t) n);
			continue;
		}
		if (wc_path_plain(l->key, l->klen))
		{
			wc_path_put(&b, ".", 1);
			wc_path_put(&b, l->key, l->klen);
			continue;
		}
		wc_path_put(&b, ".\"", 2);
		for (size_t i = 0; i < l->klen;)
		{
			uint32_t	cp;
			size_t		step = wc_binlog_utf8_seq(l->key + i, l->klen - i, &cp);

			if (step == 0 || cp < 0x20)
				wc_path_put(&b, "?", 1);
			else if (cp == '"' || cp == '\\')
			{
				char		e[2] = {'\\', (char) cp};

				wc_path_put(&b, e, 2);
			}
			else
				wc_path_put(&b, l->key + i, step);
			i += step ? step : 1;
		}
		wc_path_put(&b, "\"", 1);
	}
	out[b.len] = '\0';
}

wc_status
wc_binlog_mysql_json(const uint8_t *p, size_t len, uint64_t off,
					 const wc_binlog_json_opts *opts, wc_binlog_out *o, wc_error *err)
{
	wc_jb		j;
	size_t		end;
	wc_status	rc;

	wc_path_clear(opts);
	/* an empty value stands for the JSON null */
	if (len == 0)
	{
		wc_out_str(o, "null");
		return WC_OK;
	}
	if (p[0] > WC_JB_OPAQUE)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, off, p[0]),
						   "JSON value type");
	j.doc = p + 1;
	j.len = len - 1;
	j.off = off + 1;
	j.opts = opts;
	j.o = o;
	j.err = err;
	j.steps = 0;
	j.nlegs = 0;
	rc = wc_jb_value(&j, p[0], 0, len - 1, 0, &end);
	if (rc == WC_OK)
		rc = wc_out_limit(o, off, err);
	if (rc != WC_OK && opts && opts->path && opts->path_cap)
		wc_jb_path(&j, opts->path, opts->path_cap);
	return rc;
}
