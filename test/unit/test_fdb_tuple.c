/*
 * test_fdb_tuple.c: unit tests of the FoundationDB tuple core, driven by
 * every test/vectors/fdb_*.tsv file (encode and decode both ways), plus a
 * property test on random tuples: unpack(pack(t)) = t, and the bytewise
 * order of packed keys equals the tuple order of section 6 of the spec.
 *
 * Values come from two little literal parsers: one for the SQL argument
 * lists of fdb_tuple_vectors.tsv and one for the Python tuple literals of
 * the other files.  Both produce an event list (wc_fdb_elem with nested-tuple
 * begin/end markers), which is what the core packs.
 */
#include "harness.h"
#include "bytea_text.h"
#include "fdb_tuple_text.h"
#include "byteorder.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EV_MAX 8192
#define ARENA_MAX (1 << 17)

typedef struct evlist
{
	wc_fdb_elem	ev[EV_MAX];
	size_t		n;
	uint8_t		arena[ARENA_MAX];
	size_t		used;
} evlist;

static evlist *
evlist_new(void)
{
	evlist	   *l = calloc(1, sizeof(evlist));

	if (l == NULL)
		abort();
	return l;
}

static wc_fdb_elem *
push(evlist *l, wc_fdb_type t)
{
	wc_fdb_elem   *e;

	if (l->n >= EV_MAX)
		abort();
	e = &l->ev[l->n++];
	memset(e, 0, sizeof(*e));
	e->type = t;
	return e;
}

static uint8_t *
arena(evlist *l, size_t n)
{
	uint8_t    *p;

	if (l->used + n > ARENA_MAX)
		abort();
	p = l->arena + l->used;
	l->used += n;
	return p;
}

/* ---- shared literal helpers ---- */

/* Push an integer given in decimal; returns the status of the conversion. */
static wc_status
push_decimal(evlist *l, const char *s, size_t n)
{
	uint8_t    *mag = arena(l, WC_FDB_MAX_INT_BYTES + 8);
	size_t		maglen;
	int			neg;
	wc_status	st = wc_fdb_decimal_to_mag(s, n, mag, &maglen, &neg);
	wc_fdb_elem   *e;

	if (st != WC_OK)
		return st;
	e = push(l, WC_FDB_BIGINT);
	e->ptr = mag;
	e->len = maglen;
	e->neg = (uint8_t) neg;
	return WC_OK;
}

static void
push_double_bits(evlist *l, uint64_t bits)
{
	push(l, WC_FDB_DOUBLE)->v.f64 = bits;
}

static void
push_float_bits(evlist *l, uint32_t bits)
{
	push(l, WC_FDB_FLOAT)->v.f32 = bits;
}

static uint64_t
dbits(double d)
{
	uint64_t	b;

	memcpy(&b, &d, 8);
	return b;
}

static uint32_t
fbits(float f)
{
	uint32_t	b;

	memcpy(&b, &f, 4);
	return b;
}

/* ---- Python tuple literals ---- */

static const char *
skipws(const char *s)
{
	while (*s == ' ')
		s++;
	return s;
}

/* Parse a Python bytes or str literal body at s (the quote); returns the
 * bytes into the arena. */
static const char *
py_quoted(const char *s, evlist *l, int is_bytes, const uint8_t **out, size_t *outlen)
{
	char		q = *s++;
	uint8_t    *buf = arena(l, 4 * strlen(s) + 4);
	size_t		n = 0;

	while (*s && *s != q)
	{
		if (*s == '\\')
		{
			char		c = s[1];
			uint32_t	cp = 0;
			int			k,
						digits = 0;

			s += 2;
			switch (c)
			{
				case 'x':
					digits = 2;
					break;
				case 'u':
					digits = 4;
					break;
				case 'U':
					digits = 8;
					break;
				case 'n':
					buf[n++] = '\n';
					continue;
				case 't':
					buf[n++] = '\t';
					continue;
				case 'r':
					buf[n++] = '\r';
					continue;
				default:
					buf[n++] = (uint8_t) c;
					continue;
			}
			for (k = 0; k < digits; k++)
				cp = cp * 16 + (uint32_t) wc_hex_digit(*s++);
			if (is_bytes)
				buf[n++] = (uint8_t) cp;
			else
				n += (size_t) wc_fdb_utf8_encode(cp, buf + n);
		}
		else
			buf[n++] = (uint8_t) *s++;
	}
	*out = buf;
	*outlen = n;
	return *s ? s + 1 : s;
}

/* float('inf'), -float('nan'), 1.5, -0.0 ...: the double's bits */
static const char *
py_double(const char *s, uint64_t *bits)
{
	int			neg = 0;

	if (*s == '-')
	{
		neg = 1;
		s++;
	}
	if (strncmp(s, "float('inf')", 12) == 0)
	{
		*bits = UINT64_C(0x7ff0000000000000);
		s += 12;
	}
	else if (strncmp(s, "float('nan')", 12) == 0)
	{
		*bits = UINT64_C(0x7ff8000000000000);
		s += 12;
	}
	else
	{
		char	   *end;

		*bits = dbits(strtod(s, &end));
		s = end;
	}
	if (neg)
		*bits ^= UINT64_C(0x8000000000000000);
	return s;
}

static const char *py_value(const char *s, evlist *l);

/* Items up to the closing bracket c; pushes them (no markers). */
static const char *
py_items(const char *s, evlist *l, char close)
{
	s = skipws(s);
	while (*s && *s != close)
	{
		s = py_value(s, l);
		s = skipws(s);
		if (*s == ',')
			s = skipws(s + 1);
	}
	return *s ? s + 1 : s;
}

static const char *
py_value(const char *s, evlist *l)
{
	wc_fdb_elem   *e;

	s = skipws(s);
	if (*s == '(' || *s == '[')
	{
		push(l, WC_FDB_NESTED);
		s = py_items(s + 1, l, *s == '(' ? ')' : ']');
		push(l, WC_FDB_NESTED_END);
		return s;
	}
	if (strncmp(s, "None", 4) == 0)
	{
		push(l, WC_FDB_NULL);
		return s + 4;
	}
	if (strncmp(s, "True", 4) == 0 || strncmp(s, "False", 5) == 0)
	{
		push(l, WC_FDB_BOOL)->v.b = *s == 'T';
		return s + (*s == 'T' ? 4 : 5);
	}
	if (*s == 'b' && (s[1] == '\'' || s[1] == '"'))
	{
		e = push(l, WC_FDB_BYTES);
		return py_quoted(s + 1, l, 1, &e->ptr, &e->len);
	}
	if (*s == '\'' || *s == '"')
	{
		e = push(l, WC_FDB_STRING);
		return py_quoted(s, l, 0, &e->ptr, &e->len);
	}
	if (strncmp(s, "f64bits('", 9) == 0)
	{
		push_double_bits(l, strtoull(s + 9, NULL, 16));
		return strchr(s, ')') + 1;
	}
	if (strncmp(s, "f32bits('", 9) == 0)
	{
		push_float_bits(l, (uint32_t) strtoul(s + 9, NULL, 16));
		return strchr(s, ')') + 1;
	}
	if (strncmp(s, "SingleFloat(", 12) == 0)
	{
		uint64_t	b;
		double		d;
		float		f;

		s = py_double(s + 12, &b);
		memcpy(&d, &b, 8);
		f = (float) d;
		if (isnan(d))
			push_float_bits(l, (b >> 63 ? 0x80000000u : 0) | 0x7fc00000u);
		else
			push_float_bits(l, fbits(f));
		return s + 1;
	}
	if (strncmp(s, "UUID('", 6) == 0)
	{
		uint8_t    *u = arena(l, 16);
		int			k = 0;

		s += 6;
		while (*s != '\'')
		{
			if (*s != '-')
			{
				u[k / 2] = (uint8_t) (k % 2 ? u[k / 2] | wc_hex_digit(*s) : wc_hex_digit(*s) << 4);
				k++;
			}
			s++;
		}
		push(l, WC_FDB_UUID)->ptr = u;
		return s + 2;
	}
	if (strncmp(s, "Versionstamp.incomplete(", 24) == 0)
	{
		uint8_t    *v = arena(l, 12);

		memset(v, 0xFF, 10);
		wc_store_be16(v + 10, (uint16_t) strtoul(s + 24, NULL, 10));
		push(l, WC_FDB_VERSIONSTAMP)->ptr = v;
		return strchr(s, ')') + 1;
	}
	if (strncmp(s, "Versionstamp(", 13) == 0)
	{
		uint8_t    *v = arena(l, 12);
		const uint8_t *tx;
		size_t		txlen;

		s = py_quoted(s + 14, l, 1, &tx, &txlen);
		memcpy(v, tx, 10);
		s = skipws(s + 1);
		wc_store_be16(v + 10, (uint16_t) strtoul(s, NULL, 10));
		push(l, WC_FDB_VERSIONSTAMP)->ptr = v;
		return strchr(s, ')') + 1;
	}
	/* a number, or a (possibly negated) float(...) */
	{
		const char *t = s + (*s == '-');
		size_t		k = strspn(t, "0123456789");

		if (strncmp(t, "float(", 6) == 0 || t[k] == '.' || t[k] == 'e')
		{
			uint64_t	b;

			s = py_double(s, &b);
			push_double_bits(l, b);
			return s;
		}
		if (push_decimal(l, s, (size_t) (t + k - s)) != WC_OK)
			push(l, WC_FDB_END);	/* marks "cannot be packed" */
		return t + k;
	}
}

/* Parse a whole Python tuple literal "(a, b, ...)" into top-level events. */
static void
py_parse(const char *s, evlist *l)
{
	l->n = 0;
	l->used = 0;
	s = skipws(s);
	if (*s == '(')
		py_items(s + 1, l, ')');
}

/* ---- SQL argument lists ---- */

/* Read a SQL string literal at s ('...' or E'...'); bytes into arena. */
static const char *
sql_string(const char *s, evlist *l, const uint8_t **out, size_t *outlen)
{
	int			e_string = *s == 'E';
	uint8_t    *buf;
	size_t		n = 0;

	if (e_string)
		s++;
	s++;						/* quote */
	buf = arena(l, 4 * strlen(s) + 4);
	for (;;)
	{
		if (*s == '\0')
			break;
		if (*s == '\'')
		{
			if (s[1] == '\'')
			{
				buf[n++] = '\'';
				s += 2;
				continue;
			}
			s++;
			break;
		}
		if (e_string && *s == '\\')
		{
			char		c = s[1];
			uint32_t	cp = 0;
			int			k,
						digits;

			s += 2;
			if (c == 'x' || c == 'u' || c == 'U')
			{
				digits = c == 'x' ? 2 : c == 'u' ? 4 : 8;
				for (k = 0; k < digits && wc_hex_digit(*s) >= 0; k++)
					cp = cp * 16 + (uint32_t) wc_hex_digit(*s++);
				if (c == 'x')
					buf[n++] = (uint8_t) cp;
				else
					n += (size_t) wc_fdb_utf8_encode(cp, buf + n);
			}
			else
				buf[n++] = (uint8_t) (c == 'n' ? '\n' : c == 't' ? '\t' : c);
			continue;
		}
		buf[n++] = (uint8_t) *s++;
	}
	*out = buf;
	*outlen = n;
	return s;
}

/* Convert one SQL literal of the given cast type into an element. */
static wc_status
sql_convert(evlist *l, const uint8_t *lit, size_t litlen, int quoted, int negate,
			const char *type)
{
	char		tmp[4096];
	wc_fdb_elem   *e;

	if (litlen >= sizeof(tmp))
		abort();
	memcpy(tmp, lit, litlen);
	tmp[litlen] = '\0';
	if (!quoted && strcmp(tmp, "NULL") == 0)
	{
		push(l, WC_FDB_NULL);
		return WC_OK;
	}
	if (!quoted && (strcmp(tmp, "true") == 0 || strcmp(tmp, "false") == 0))
	{
		push(l, WC_FDB_BOOL)->v.b = tmp[0] == 't';
		return WC_OK;
	}
	if (*type == '\0')
		type = quoted ? "text" : "numeric";
	if (strcmp(type, "text") == 0)
	{
		e = push(l, WC_FDB_STRING);
		e->ptr = lit;
		e->len = litlen;
		return WC_OK;
	}
	if (strcmp(type, "bytea") == 0)
	{
		uint8_t    *b = arena(l, litlen / 2 + 1);
		size_t		k;

		e = push(l, WC_FDB_BYTES);
		for (k = 2; k + 1 < litlen; k += 2)
			b[(k - 2) / 2] = (uint8_t) (wc_hex_digit(tmp[k]) * 16 + wc_hex_digit(tmp[k + 1]));
		e->ptr = b;
		e->len = (litlen - 2) / 2;
		return WC_OK;
	}
	if (strcmp(type, "float8") == 0 || strcmp(type, "double precision") == 0)
	{
		uint64_t	b = dbits(strtod(tmp, NULL));

		push_double_bits(l, negate ? b ^ UINT64_C(0x8000000000000000) : b);
		return WC_OK;
	}
	if (strcmp(type, "float4") == 0 || strcmp(type, "real") == 0)
	{
		uint32_t	b = fbits(strtof(tmp, NULL));

		push_float_bits(l, negate ? b ^ 0x80000000u : b);
		return WC_OK;
	}
	if (strcmp(type, "uuid") == 0)
	{
		uint8_t    *u = arena(l, 16);
		int			k = 0;
		size_t		i;

		for (i = 0; i < litlen; i++)
			if (wc_hex_digit(tmp[i]) >= 0)
			{
				u[k / 2] = (uint8_t) (k % 2 ? u[k / 2] | wc_hex_digit(tmp[i]) : wc_hex_digit(tmp[i]) << 4);
				k++;
			}
		push(l, WC_FDB_UUID)->ptr = u;
		return WC_OK;
	}
	/* int2, int4, int8, bigint, numeric: integral decimal only */
	if (strspn(tmp + (tmp[0] == '-'), "0123456789") != strlen(tmp + (tmp[0] == '-')))
		return WC_ERR_SYNTAX;	/* NaN, fractions: not an integer */
	return push_decimal(l, tmp, litlen);
}

/* Parse an SQL argument list into events; returns an error status when
 * the arguments cannot be packed. */
static wc_status
sql_parse(const char *s, evlist *l)
{
	l->n = 0;
	l->used = 0;
	if (strncmp(s, "VARIADIC ARRAY[", 15) == 0)
	{
		s += 15;
		while (*s == '\'')
		{
			wc_fdb_elem   *e = push(l, WC_FDB_STRING);

			s = sql_string(s, l, &e->ptr, &e->len);
			if (*s == ',')
				s++;
		}
		return WC_OK;
	}
	while (*s)
	{
		const uint8_t *lit;
		size_t		litlen;
		int			quoted = 0,
					negate = 0;
		char		type[64] = "";
		wc_status	st;

		s = skipws(s);
		if (*s == '-' && s[1] == '\'')
		{
			negate = 1;
			s++;
		}
		if (*s == '\'' || (*s == 'E' && s[1] == '\''))
		{
			s = sql_string(s, l, &lit, &litlen);
			quoted = 1;
		}
		else if (*s == '(')
		{
			const char *close = strchr(s, ')');

			lit = (const uint8_t *) s + 1;
			litlen = (size_t) (close - s - 1);
			s = close + 1;
		}
		else
		{
			size_t		k = strcspn(s, ":,");

			lit = (const uint8_t *) s;
			litlen = k;
			s += k;
		}
		if (strncmp(s, "::", 2) == 0)
		{
			size_t		k;

			s += 2;
			k = strcspn(s, ",");
			memcpy(type, s, k);
			type[k] = '\0';
			s += k;
		}
		st = sql_convert(l, lit, litlen, quoted, negate, type);
		if (st != WC_OK)
			return st;
		if (*s == ',')
			s++;
	}
	return WC_OK;
}

/* ---- packing, decoding and comparing event lists ---- */

/* Pack events into a malloc'd buffer (extra bytes of room at the end). */
static wc_status
pack(const evlist *l, uint8_t **out, size_t *outlen, size_t *ninc, size_t extra)
{
	size_t		size,
				erri;
	wc_status	st = wc_fdb_events_size(l->ev, l->n, &size, ninc, &erri);
	uint8_t    *buf,
			   *end;

	if (st != WC_OK)
		return st;
	buf = malloc(size + extra + 1);
	end = wc_fdb_events_write(buf, l->ev, l->n);
	if ((size_t) (end - buf) != size)
	{
		CHECK(0, "fdb_events_write wrote %zu bytes, size said %zu", (size_t) (end - buf), size);
	}
	*out = buf;
	*outlen = size;
	return WC_OK;
}

/* Decode into an event list (pointers into buf). */
static wc_status
unpack(const uint8_t *buf, size_t len, evlist *l)
{
	wc_fdb_reader	r;
	wc_status	st;

	l->n = 0;
	l->used = 0;
	wc_fdb_reader_init(&r, buf, len);
	for (;;)
	{
		wc_fdb_elem	e;

		st = wc_fdb_read(&r, &e);
		if (st != WC_OK)
			return st;
		if (e.type == WC_FDB_END)
			return WC_OK;
		*push(l, e.type) = e;
	}
}

/* Integer as (sign, magnitude) for comparisons. */
static int
int_cmp(const wc_fdb_elem *a, const wc_fdb_elem *b)
{
	uint8_t		ma[WC_FDB_MAX_INT_BYTES + 8],
				mb[WC_FDB_MAX_INT_BYTES + 8];
	size_t		na = wc_fdb_int_magnitude(a, ma),
				nb = wc_fdb_int_magnitude(b, mb);
	int			sa = na == 0 ? 0 : (a->type == WC_FDB_INT ? (a->v.i < 0 ? -1 : 1) : (a->neg ? -1 : 1));
	int			sb = nb == 0 ? 0 : (b->type == WC_FDB_INT ? (b->v.i < 0 ? -1 : 1) : (b->neg ? -1 : 1));
	int			c;

	if (sa != sb)
		return sa < sb ? -1 : 1;
	c = na != nb ? (na < nb ? -1 : 1) : memcmp(ma, mb, na);
	c = c < 0 ? -1 : c > 0;
	return sa < 0 ? -c : c;
}

/* Unescaped payload of a string/bytes element into a malloc'd buffer. */
static uint8_t *
payload(const wc_fdb_elem *e)
{
	uint8_t    *p = malloc(e->len + 1);

	if (e->escaped)
		wc_fdb_unescape(p, e);
	else
		memcpy(p, e->ptr, e->len);
	return p;
}

/* Rank of a type in the cross-type order (section 6). */
static int
rank(const wc_fdb_elem *e)
{
	switch (e->type)
	{
		case WC_FDB_NULL:
			return 0;
		case WC_FDB_BYTES:
			return 1;
		case WC_FDB_STRING:
			return 2;
		case WC_FDB_NESTED:
			return 5;
		case WC_FDB_INT:
		case WC_FDB_BIGINT:
			return 0x14;
		case WC_FDB_FLOAT:
			return 0x20;
		case WC_FDB_DOUBLE:
			return 0x21;
		case WC_FDB_BOOL:
			return 0x26;
		case WC_FDB_UUID:
			return 0x30;
		case WC_FDB_VERSIONSTAMP:
			return 0x33;
		default:
			return -1;
	}
}

static int
sgn(int c)
{
	return c < 0 ? -1 : c > 0;
}

/* Compare two scalar elements of one rank. */
static int
scalar_cmp(const wc_fdb_elem *a, const wc_fdb_elem *b)
{
	int			ra = rank(a),
				rb = rank(b);

	if (ra != rb)
		return ra < rb ? -1 : 1;
	switch (a->type)
	{
		case WC_FDB_BYTES:
		case WC_FDB_STRING:
			{
				uint8_t    *pa = payload(a),
						   *pb = payload(b);
				size_t		m = a->len < b->len ? a->len : b->len;
				int			c = memcmp(pa, pb, m);

				free(pa);
				free(pb);
				if (c)
					return sgn(c);
				return (a->len > b->len) - (a->len < b->len);
			}
		case WC_FDB_INT:
		case WC_FDB_BIGINT:
			return int_cmp(a, b);
		case WC_FDB_FLOAT:
			{
				/* IEEE totalOrder */
				uint32_t	x = a->v.f32,
							y = b->v.f32;

				x = (x & 0x80000000u) ? ~x : x | 0x80000000u;
				y = (y & 0x80000000u) ? ~y : y | 0x80000000u;
				return (x > y) - (x < y);
			}
		case WC_FDB_DOUBLE:
			{
				uint64_t	x = a->v.f64,
							y = b->v.f64,
							s = UINT64_C(0x8000000000000000);

				x = (x & s) ? ~x : x | s;
				y = (y & s) ? ~y : y | s;
				return (x > y) - (x < y);
			}
		case WC_FDB_BOOL:
			return a->v.b - b->v.b;
		case WC_FDB_UUID:
			return sgn(memcmp(a->ptr, b->ptr, 16));
		case WC_FDB_VERSIONSTAMP:
			return sgn(memcmp(a->ptr, b->ptr, 12));
		default:
			return 0;
	}
}

/* Compare the tuples of two event lists from positions *ia, *ib, up to the
 * end of the current level; consumes that level's end markers. */
static int
tuple_cmp(const evlist *a, size_t *ia, const evlist *b, size_t *ib)
{
	for (;;)
	{
		int			ea = *ia >= a->n || a->ev[*ia].type == WC_FDB_NESTED_END;
		int			eb = *ib >= b->n || b->ev[*ib].type == WC_FDB_NESTED_END;
		int			c;

		if (ea || eb)
		{
			if (ea && eb)
			{
				(*ia)++;
				(*ib)++;
				return 0;
			}
			return ea ? -1 : 1;
		}
		if (a->ev[*ia].type == WC_FDB_NESTED && b->ev[*ib].type == WC_FDB_NESTED)
		{
			(*ia)++;
			(*ib)++;
			c = tuple_cmp(a, ia, b, ib);
		}
		else
		{
			c = scalar_cmp(&a->ev[*ia], &b->ev[*ib]);
			(*ia)++;
			(*ib)++;
		}
		if (c)
			return c;
	}
}

static int
evlist_cmp(const evlist *a, const evlist *b)
{
	size_t		ia = 0,
				ib = 0;

	return tuple_cmp(a, &ia, b, &ib);
}

/* Same values, event by event (also distinguishes types). */
static int
evlist_equal(const evlist *a, const evlist *b)
{
	size_t		i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
	{
		const wc_fdb_elem *x = &a->ev[i],
				   *y = &b->ev[i];

		if (rank(x) != rank(y) || (rank(x) < 0 && x->type != y->type))
			return 0;
		if (x->type == WC_FDB_NESTED || x->type == WC_FDB_NESTED_END || x->type == WC_FDB_NULL)
			continue;
		if (scalar_cmp(x, y) != 0)
			return 0;
	}
	return 1;
}

/* Text form round trip: text(buf) parses back to exactly buf. */
static void
check_text_roundtrip(const uint8_t *buf, size_t len, const char *what)
{
	size_t		bound = wc_fdb_text_bound(buf, len),
				tlen,
				plen = 0;
	wc_error	errpos = {0};
	char	   *txt = malloc(bound);
	uint8_t    *parsed;
	wc_status	st;

	tlen = wc_fdb_text_write(buf, len, txt, 0);
	CHECK(tlen < bound, "%s: text length %zu within bound %zu", what, tlen, bound);
	st = wc_fdb_text_parse(txt, tlen, NULL, &plen, &errpos);
	CHECK(st == WC_OK && plen == len, "%s: text %s parses (status %d at %zu, %zu bytes, want %zu)",
		  what, txt, st, errpos.offset, plen, len);
	if (st == WC_OK)
	{
		parsed = malloc(plen + 1);
		wc_fdb_text_parse(txt, tlen, parsed, &plen, &errpos);
		CHECK_BYTES(parsed, plen, buf, len, "%s: text %s round trip", what, txt);
		free(parsed);
	}
	/* the ASCII-only form parses to the same bytes */
	tlen = wc_fdb_text_write(buf, len, txt, 1);
	st = wc_fdb_text_parse(txt, tlen, NULL, &plen, &errpos);
	CHECK(st == WC_OK && plen == len, "%s: ascii text %s parses", what, txt);
	free(txt);
}

/* Everything a valid, canonical vector must satisfy: pack(want) == hex,
 * unpack(hex) == want, canonical re-encoding and text form round trip. */
static void
check_both_ways(const char *id, evlist *want, const uint8_t *hex, size_t hexlen)
{
	evlist	   *got = evlist_new();
	uint8_t    *packed,
			   *canon;
	size_t		plen,
				ninc,
				count,
				clen;
	wc_status	st = pack(want, &packed, &plen, &ninc, 0);

	CHECK(st == WC_OK, "%s: pack status %d", id, st);
	if (st == WC_OK)
	{
		CHECK_BYTES(packed, plen, hex, hexlen, "%s: pack", id);
		free(packed);
	}
	st = unpack(hex, hexlen, got);
	CHECK(st == WC_OK, "%s: unpack status %d", id, st);
	CHECK(st == WC_OK && evlist_equal(got, want), "%s: unpack gives the values back", id);
	CHECK(wc_fdb_validate(hex, hexlen, &count, NULL) == WC_OK, "%s: validates", id);
	wc_fdb_canonical_size(hex, hexlen, &clen, NULL);
	canon = malloc(clen + 1);
	wc_fdb_canonical_write(canon, hex, hexlen);
	CHECK_BYTES(canon, clen, hex, hexlen, "%s: canonical form is itself", id);
	free(canon);
	check_text_roundtrip(hex, hexlen, id);
	free(got);
}

/* ---- vector files ---- */

static void
test_sql_vectors(void)
{
	wc_tsv		t;
	evlist	   *want = evlist_new();
	int			rows = 0;

	wc_tsv_open(&t, "fdb_tuple_vectors.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		hexlen;
		uint8_t    *hex = wc_unhex(t.field[2], &hexlen);
		wc_status	st = sql_parse(t.field[1], want);

		CHECK(st == WC_OK, "%s: arguments parse", t.field[0]);
		check_both_ways(t.field[0], want, hex, hexlen);
		free(hex);
		rows++;
	}
	wc_tsv_close(&t);
	CHECK(rows == 209, "fdb_tuple_vectors.tsv has %d rows", rows);
	free(want);
}

static void
test_pack_errors(void)
{
	wc_tsv		t;
	evlist	   *want = evlist_new();

	wc_tsv_open(&t, "fdb_tuple_pack_errors.tsv");
	while (wc_tsv_next(&t))
	{
		wc_status	st = sql_parse(t.field[1], want);

		CHECK(st != WC_OK, "%s: packing must fail", t.field[0]);
		if (strstr(t.field[0], "too_small"))
			CHECK(st == WC_ERR_RANGE, "%s: out of range (status %d)", t.field[0], st);
	}
	wc_tsv_close(&t);
	free(want);
}

static void
test_python_vectors(const char *file)
{
	wc_tsv		t;
	evlist	   *want = evlist_new();

	wc_tsv_open(&t, file);
	while (wc_tsv_next(&t))
	{
		const char *id = t.field[0];
		size_t		hexlen,
					plen,
					ninc;
		uint8_t    *hex,
				   *packed;
		int			is_err = strcmp(t.field[2], "ERROR") == 0;
		int			pwv = strstr(id, "pwv_") != NULL;
		int			offbytes = strstr(id, "api510") ? 2 : 4;
		wc_status	st;

		py_parse(t.field[1], want);
		if (want->n > 0 && want->ev[want->n - 1].type == WC_FDB_END)
		{
			/* the integer literal did not fit */
			CHECK(is_err, "%s: integer out of range must be an ERROR row", id);
			continue;
		}
		if (!pwv)
		{
			hex = wc_unhex(t.field[2], &hexlen);
			check_both_ways(id, want, hex, hexlen);
			free(hex);
			continue;
		}
		/* packing with an incomplete versionstamp */
		st = pack(want, &packed, &plen, &ninc, 4);
		CHECK(st == WC_OK, "%s: pack", id);
		st = wc_fdb_append_vs_offset(packed, plen, offbytes, NULL);
		if (!is_err && st == WC_OK)
		{
			/* the offset found while writing equals the one decoded */
			uint8_t    *again = malloc(plen + 4);
			size_t		vs_off;
			uint8_t		off[4];

			CHECK((size_t) (wc_fdb_events_write_vs(again, want->ev, want->n, &vs_off) - again) == plen,
				  "%s: fdb_events_write_vs size", id);
			CHECK(vs_off != WC_FDB_NO_VS_OFFSET &&
				  wc_fdb_store_vs_offset(off, vs_off, offbytes) == WC_OK &&
				  memcmp(off, packed + plen, (size_t) offbytes) == 0,
				  "%s: offset while writing (%zu)", id, vs_off);
			free(again);
		}
		if (is_err)
		{
			CHECK(st == WC_FDB_VS_COUNT, "%s: must fail (status %d, %zu incomplete)", id, st, ninc);
			CHECK(ninc != 1, "%s: counted %zu incomplete versionstamps", id, ninc);
		}
		else
		{
			hex = wc_unhex(t.field[2], &hexlen);
			CHECK(st == WC_OK && ninc == 1, "%s: offset appended", id);
			CHECK_BYTES(packed, plen + (size_t) offbytes, hex, hexlen, "%s: pack_with_versionstamp", id);
			free(hex);
		}
		free(packed);
	}
	wc_tsv_close(&t);
	free(want);
}

/* The user version of a versionstamp's text form: the rule shared by
 * fdb_versionstamp_in and the tuple text parser. */
static void
test_vs_user_version(void)
{
	static const struct
	{
		const char *s;
		wc_status	st;
		uint32_t	v;
		size_t		used;
	}			c[] = {
		{"5", WC_OK, 5, 1}, {"0005", WC_OK, 5, 4}, {"00000000000000000065535", WC_OK, 65535, 23},
		{"65535)", WC_OK, 65535, 5}, {"0", WC_OK, 0, 1}, {"65536", WC_ERR_RANGE, 0, 5},
		{"0065536", WC_ERR_RANGE, 0, 7}, {"99999999999999999999", WC_ERR_RANGE, 0, 20},
		{"", WC_ERR_SYNTAX, 0, 0}, {"x1", WC_ERR_SYNTAX, 0, 0}, {"-1", WC_ERR_SYNTAX, 0, 0},
	};
	size_t		i;

	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++)
	{
		uint32_t	v = 0;
		size_t		used = 99;
		wc_status	st = wc_fdb_vs_parse_user_version(c[i].s, strlen(c[i].s), &used, &v);

		CHECK(st == c[i].st && used == c[i].used && (st != WC_OK || v == c[i].v),
			  "user version \"%s\": status %d, used %zu, value %u", c[i].s, st, used, v);
	}
}

static void
test_order(void)
{
	wc_tsv		t;
	evlist	   *a = evlist_new(),
			   *b = evlist_new();

	wc_tsv_open(&t, "fdb_tuple_order.tsv");
	while (wc_tsv_next(&t))
	{
		const char *id = t.field[0];
		size_t		la,
					lb,
					pa_len,
					pb_len,
					ninc;
		uint8_t    *ha = wc_unhex(t.field[2], &la),
				   *hb = wc_unhex(t.field[4], &lb),
				   *pa,
				   *pb;
		int			want = atoi(t.field[5]);

		py_parse(t.field[1], a);
		py_parse(t.field[3], b);
		CHECK(pack(a, &pa, &pa_len, &ninc, 0) == WC_OK, "%s: pack left", id);
		CHECK(pack(b, &pb, &pb_len, &ninc, 0) == WC_OK, "%s: pack right", id);
		CHECK_BYTES(pa, pa_len, ha, la, "%s: left bytes", id);
		CHECK_BYTES(pb, pb_len, hb, lb, "%s: right bytes", id);
		CHECK(wc_fdb_key_cmp(ha, la, hb, lb) == want, "%s: bytewise order %d", id, want);
		CHECK(evlist_cmp(a, b) == want, "%s: tuple order %d", id, want);
		free(ha);
		free(hb);
		free(pa);
		free(pb);
	}
	wc_tsv_close(&t);
	free(a);
	free(b);
}

static void
test_invalid(void)
{
	wc_tsv		t;
	evlist	   *l = evlist_new();

	wc_tsv_open(&t, "fdb_tuple_invalid.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		len,
					count,
					size;
		uint8_t    *buf = wc_unhex(t.field[1], &len);
		wc_fdb_reader	r;
		wc_fdb_elem	e;
		int			found;
		wc_status	st = wc_fdb_validate(buf, len, &count, &r);

		CHECK(st != WC_OK, "%s: must be rejected (%s)", t.field[0], t.field[2]);
		CHECK(r.err_off <= len, "%s: error offset %zu within the input", t.field[0], r.err_off);
		CHECK(unpack(buf, len, l) != WC_OK, "%s: unpack fails", t.field[0]);
		CHECK(wc_fdb_canonical_size(buf, len, &size, NULL) != WC_OK, "%s: repack fails", t.field[0]);
		CHECK(wc_fdb_get(buf, len, -1, &e, &found, NULL) != WC_OK, "%s: get(-1) fails", t.field[0]);
		free(buf);
	}
	wc_tsv_close(&t);
	free(l);
}

static void
test_noncanonical(void)
{
	wc_tsv		t;
	evlist	   *want = evlist_new(),
			   *got = evlist_new();

	wc_tsv_open(&t, "fdb_tuple_noncanonical.tsv");
	while (wc_tsv_next(&t))
	{
		size_t		len,
					clen,
					size;
		uint8_t    *buf = wc_unhex(t.field[1], &len),
				   *canon = wc_unhex(t.field[3], &clen),
				   *out;

		py_parse(t.field[2], want);
		CHECK(unpack(buf, len, got) == WC_OK && evlist_equal(got, want),
			  "%s: decodes to %s", t.field[0], t.field[2]);
		CHECK(wc_fdb_canonical_size(buf, len, &size, NULL) == WC_OK, "%s: repack size", t.field[0]);
		out = malloc(size + 1);
		wc_fdb_canonical_write(out, buf, len);
		CHECK_BYTES(out, size, canon, clen, "%s: canonical re-encoding", t.field[0]);
		check_both_ways(t.field[0], want, canon, clen);
		check_text_roundtrip(buf, len, t.field[0]);	/* raw(...) keeps the exact bytes */
		free(out);
		free(buf);
		free(canon);
	}
	wc_tsv_close(&t);
	free(want);
	free(got);
}

static void
test_disputed(void)
{
	wc_tsv		t;
	evlist	   *want = evlist_new(),
			   *got = evlist_new();

	wc_tsv_open(&t, "fdb_tuple_disputed.tsv");
	while (wc_tsv_next(&t))
	{
		char	   *reprs[2],
				   *py[2],
				   *go[2];
		int			n = 1,
					k;

		reprs[0] = t.field[1];
		py[0] = t.field[2];
		go[0] = t.field[3];
		if (strstr(t.field[1], " vs "))
		{
			n = 2;
			for (k = 1; k <= 3; k++)
			{
				char	   *v = strstr(t.field[k], " vs ");

				*v = '\0';
				(k == 1 ? reprs : k == 2 ? py : go)[1] = v + 4;
			}
		}
		for (k = 0; k < n; k++)
		{
			size_t		plen,
						glen,
						olen,
						ninc;
			uint8_t    *pb = wc_unhex(py[k], &plen),
					   *gb = wc_unhex(go[k], &glen),
					   *out;

			py_parse(reprs[k], want);
			CHECK(unpack(pb, plen, got) == WC_OK && evlist_equal(got, want),
				  "%s: python form decodes", t.field[0]);
			CHECK(unpack(gb, glen, got) == WC_OK && evlist_equal(got, want),
				  "%s: go/java/js form decodes", t.field[0]);
			CHECK(pack(want, &out, &olen, &ninc, 0) == WC_OK, "%s: pack", t.field[0]);
			CHECK_BYTES(out, olen, gb, glen, "%s: packs the go/java/js form", t.field[0]);
			free(out);
			free(pb);
			free(gb);
		}
	}
	wc_tsv_close(&t);
	free(want);
	free(got);
}

/* ---- specific cases: error positions, getters, deep nesting ---- */

static void
test_error_positions(void)
{
	static const struct
	{
		const char *hex;
		wc_status	st;
		size_t		off;
		size_t		index;
	}			cases[] = {
		{"150111ab4b", WC_ERR_TRUNCATED, 2, 1},
		{"00ff", WC_FDB_BAD_CODE, 1, 1},
		{"0200ff", WC_ERR_UNTERMINATED, 0, 0},
		{"02c32800", WC_ERR_UTF8, 1, 0},
		{"0261c3a900ff", WC_ERR_UNTERMINATED, 0, 0},
		{"026100026100ffc3", WC_ERR_UNTERMINATED, 3, 1},
		{"02610002c300ffa900", WC_ERR_UTF8, 4, 1},
		{"0500ff", WC_FDB_NESTED_UNTERMINATED, 3, 0},
		{"14050515", WC_ERR_TRUNCATED, 3, 1},
		{"1d0501", WC_ERR_TRUNCATED, 0, 0},
		{"0b", WC_ERR_TRUNCATED, 0, 0},
		{"3200", WC_FDB_BAD_CODE, 0, 0},
	};
	size_t		i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		size_t		len;
		uint8_t    *buf = wc_unhex(cases[i].hex, &len);
		wc_fdb_reader	r;
		wc_status	st = wc_fdb_validate(buf, len, NULL, &r);

		CHECK(st == cases[i].st && r.err_off == cases[i].off && r.index == cases[i].index,
			  "%s: status %d at byte %zu element %zu (want %d, %zu, %zu)", cases[i].hex,
			  st, r.err_off, r.index, cases[i].st, cases[i].off, cases[i].index);
		free(buf);
	}
}

/* UTF-8 validation of ASCII runs with one other byte anywhere, around the
 * 8-byte steps and the one-load check of a short tail. */
static void
test_utf8_tails(void)
{
	uint8_t		s[32];
	size_t		n,
				p;

	for (n = 1; n <= 24; n++)
	{
		memset(s, 'a', n);
		CHECK(wc_fdb_utf8_valid(s, n), "%zu ASCII bytes", n);
		for (p = 0; p < n; p++)
		{
			memset(s, 'a', n);
			s[p] = 0xFF;
			CHECK(!wc_fdb_utf8_valid(s, n), "0xff at %zu of %zu", p, n);
			s[p] = 0xC3;		/* a lead byte: valid only with its continuation */
			CHECK(!wc_fdb_utf8_valid(s, n), "c3 at %zu of %zu", p, n);
			if (p + 1 < n)
			{
				s[p + 1] = 0xA9;
				CHECK(wc_fdb_utf8_valid(s, n), "c3a9 at %zu of %zu", p, n);
			}
			memset(s, 'a', n);
			s[p] = 0xA9;		/* a lone continuation byte */
			CHECK(!wc_fdb_utf8_valid(s, n), "a9 at %zu of %zu", p, n);
		}
	}
}

static void
test_get(void)
{
	/* ("users", 42, (1, None), None, b"\x00") */
	size_t		len,
				n,
				count;
	uint8_t    *buf = wc_unhex("02757365727300152a05150100ff00000100ff00", &len);
	uint8_t		out[32];
	wc_fdb_elem	e;
	int			found;

	CHECK(wc_fdb_validate(buf, len, &count, NULL) == WC_OK && count == 5, "get: 5 elements");
	CHECK(wc_fdb_get(buf, len, 1, &e, &found, NULL) == WC_OK && found && e.type == WC_FDB_INT && e.v.i == 42,
		  "get 1 = 42");
	CHECK(wc_fdb_get(buf, len, -4, &e, &found, NULL) == WC_OK && found && e.type == WC_FDB_INT && e.v.i == 42,
		  "get -4 = 42");
	CHECK(wc_fdb_get(buf, len, 2, &e, &found, NULL) == WC_OK && found && e.type == WC_FDB_NESTED && e.len == 6,
		  "get 2 = nested, 6 bytes");
	n = wc_fdb_unnest_size(&e);
	CHECK(n == 3, "unnest size %zu", n);
	CHECK_BYTES(out, (size_t) (wc_fdb_unnest_write(out, &e) - out), (const uint8_t *) "\x15\x01\x00", 3,
				"unnest");
	CHECK(wc_fdb_get(buf, len, -1, &e, &found, NULL) == WC_OK && found && e.type == WC_FDB_BYTES && e.len == 1,
		  "get -1 = bytes");
	CHECK(wc_fdb_get(buf, len, 5, &e, &found, NULL) == WC_OK && !found, "get 5: not found");
	CHECK(wc_fdb_get(buf, len, -6, &e, &found, NULL) == WC_OK && !found, "get -6: not found");
	/* skipping does not look at what follows the element */
	buf[len - 1] = 0x07;
	CHECK(wc_fdb_get(buf, len, 1, &e, &found, NULL) == WC_OK && found, "get 1 before garbage");
	CHECK(wc_fdb_get(buf, len, -1, &e, &found, NULL) != WC_OK, "get -1 sees the garbage");
	free(buf);
}

static void
test_deep_nesting(void)
{
	size_t		depth = 100000,
				len = 2 * depth,
				count,
				i,
				tlen;
	uint8_t    *buf = malloc(len);
	char	   *txt;
	wc_fdb_elem	e;
	int			found;
	wc_fdb_reader	r;

	for (i = 0; i < depth; i++)
	{
		buf[i] = WC_FDB_CODE_NESTED;
		buf[depth + i] = 0x00;
	}
	CHECK(wc_fdb_validate(buf, len, &count, NULL) == WC_OK && count == 1, "100000 levels validate");
	CHECK(wc_fdb_get(buf, len, 0, &e, &found, NULL) == WC_OK && found && e.len == len, "100000 levels get");
	txt = malloc(wc_fdb_text_bound(buf, len));
	tlen = wc_fdb_text_write(buf, len, txt, 0);
	CHECK(tlen == len + 2, "100000 levels text length %zu", tlen);
	check_text_roundtrip(buf, len, "deep");
	free(txt);
	CHECK(wc_fdb_validate(buf, len - 1, NULL, &r) == WC_FDB_NESTED_UNTERMINATED, "deep unterminated");
	free(buf);
}

/* Decimal conversions at the edges of the range. */
static void
test_decimal(void)
{
	uint8_t		mag[300];
	size_t		n;
	int			neg;
	char		dec[WC_FDB_DECIMAL_MAX];
	wc_fdb_elem	e;
	const char *max = "126238304966058622268417487065116999845484776053576109500509161826268184136202698801551568013761380717534054534851164138648904527931605160527688095259563605939964364716019515983399209962459578542172100149937763938581219604072733422507180056009672540900709554109516816573779593326332288314873251559077853068444977864803391962580800682760017849589281937637993445539366428356761821065267423102149447628375691862210717202025241630303118559188678304314076943801692528246980959705901641444238894928620825482303431806955690226308773426829503900930529395181208739591967195841536053143145775307050594328881077553168201547775";

	CHECK(wc_fdb_decimal_to_mag(max, strlen(max), mag, &n, &neg) == WC_OK && n == 255, "2^2040-1 fits");
	memset(&e, 0, sizeof(e));
	e.type = WC_FDB_BIGINT;
	e.ptr = mag;
	e.len = n;
	wc_fdb_int_to_decimal(&e, dec);
	CHECK(strcmp(dec, max) == 0, "2^2040-1 back to decimal");
	CHECK(wc_fdb_decimal_to_mag("-0", 2, mag, &n, &neg) == WC_OK && n == 0 && !neg, "-0 is zero");
	CHECK(wc_fdb_decimal_to_mag("1x", 2, mag, &n, &neg) == WC_ERR_SYNTAX, "1x is not a number");
	CHECK(wc_fdb_decimal_to_mag("-", 1, mag, &n, &neg) == WC_ERR_SYNTAX, "- is not a number");
	e.type = WC_FDB_INT;
	e.v.i = INT64_MIN;
	wc_fdb_int_to_decimal(&e, dec);
	CHECK(strcmp(dec, "-9223372036854775808") == 0, "INT64_MIN decimal %s", dec);
}

/* Text form: specific renderings and rejected inputs. */
static void
test_text(void)
{
	static const struct
	{
		const char *hex;
		const char *text;
	}			cases[] = {
		{"", "()"},
		{"02757365727300152a0100ffff000021bff80000000000002730a0eebc999c0b4ef8bb6d6bb9bd380a11",
		"(\"users\", 42, b\"\\x00\\xff\", null, 1.5, true, uuid(a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11))"},
		{"0500ff00", "((null))"},
		{"05000500", "((), ())"},
		{"20bfc00000217fffffffffffffff", "(1.5f, -0.0)"},
		{"21fff8000000000001210007ffffffffffff", "(nan(0x7ff8000000000001), -nan)"},
		{"20ffc0000120ff800000", "(nanf(0x7fc00001), inff)"},
		{"3301020304050607080910beef", "(versionstamp(01020304050607080910:48879))"},
		{"33ffffffffffffffffffffffff", "(versionstamp(ffffffffffffffffffff:65535))"},
		{"053300000000000000000000000000", "((versionstamp(00000000000000000000:0)))"},
		{"02222f5c00ff0a00", "(\"\\\"/\\\\\\x00\\x0a\")"},
		{"1d09010000000000000000", "(18446744073709551616)"},
		{"21c000000000000000", "(2.0)"},
		{"16000115011d08ffffffffffffffff", "(raw(160001), 1, raw(1d08ffffffffffffffff))"},
		{"0500ff0bff00", "((null, raw(0bff)))"},
	};
	static const char *bad[] = {
		"", "(", "(1,)", "(1 2)", "(\"a)", "(b\"\\xzz\")", "(\"\\x80\")", "(uuid(12))",
		"(versionstamp(00:1))", "(versionstamp(00000000000000000000:65536))", "(nan(0x0000000000000001))",
		"(1e999)", "(\"\\u{d800}\")", "(1) x", "(nul)", "(raw())", "(raw(1501 ))", "(raw(0261))",
		"(raw(150115))", "(raw(16)", "(b\"\xc3\xa9\")", "(\"\xc3\")",
	};
	size_t		i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		size_t		len,
					tlen;
		uint8_t    *buf = wc_unhex(cases[i].hex, &len);
		char	   *txt = malloc(wc_fdb_text_bound(buf, len));

		CHECK(wc_fdb_validate(buf, len, NULL, NULL) == WC_OK, "text case %zu valid", i);
		tlen = wc_fdb_text_write(buf, len, txt, 0);
		CHECK(tlen == strlen(cases[i].text) && strcmp(txt, cases[i].text) == 0,
			  "text of %s: %s (want %s)", cases[i].hex, txt, cases[i].text);
		check_text_roundtrip(buf, len, cases[i].text);
		free(txt);
		free(buf);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
	{
		size_t		outlen;
		wc_error	pos;

		CHECK(wc_fdb_text_parse(bad[i], strlen(bad[i]), NULL, &outlen, &pos) != WC_OK,
			  "text %s is rejected", bad[i]);
	}

	/* the input need not be NUL-terminated: a raw 00 inside quotes is a
	 * payload byte, escaped as 00 FF (sized and written alike) */
	{
		static const char txt[] = "(\"a\0\0b\", b\"\0\", \"\\x00\0\")";
		static const uint8_t want[] = {0x02, 'a', 0x00, 0xFF, 0x00, 0xFF, 'b', 0x00,
			0x01, 0x00, 0xFF, 0x00, 0x02, 0x00, 0xFF, 0x00, 0xFF, 0x00};
		uint8_t		out[sizeof(want)];
		size_t		outlen = 0;
		wc_error	pos;

		CHECK(wc_fdb_text_parse(txt, sizeof(txt) - 1, NULL, &outlen, &pos) == WC_OK &&
			  outlen == sizeof(want), "raw 00 in quotes: size %zu", outlen);
		if (outlen == sizeof(want))
		{
			wc_fdb_text_parse(txt, sizeof(txt) - 1, out, &outlen, &pos);
			CHECK_BYTES(out, outlen, want, sizeof(want), "raw 00 in quotes");
		}
	}
}

/* ---- property test ---- */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;

static uint64_t
rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * UINT64_C(2685821657736338717);
}

/* A small alphabet makes equal prefixes (and thus deep comparisons) likely. */
static void
gen_elem(evlist *l, int depth)
{
	int			kind = (int) (rnd() % 12);
	wc_fdb_elem   *e;
	size_t		k,
				n;
	uint8_t    *p;

	switch (kind)
	{
		case 0:
			push(l, WC_FDB_NULL);
			break;
		case 1:
		case 2:
			n = rnd() % 5;
			p = arena(l, n + 1);
			for (k = 0; k < n; k++)
			{
				static const uint8_t alpha[] = {0x00, 0x01, 'a', 'b', 0xFE, 0xFF};

				p[k] = alpha[rnd() % sizeof(alpha)];
			}
			e = push(l, WC_FDB_BYTES);
			e->ptr = p;
			e->len = n;
			break;
		case 3:
			{
				static const char *const words[] = {"", "a", "a\0", "ab", "\xc3\xa9", "\xf0\x9f\x92\xa9", "\0"};
				static const size_t wlen[] = {0, 1, 2, 2, 2, 4, 1};
				size_t		w = rnd() % 7;

				e = push(l, WC_FDB_STRING);
				e->ptr = (const uint8_t *) words[w];
				e->len = wlen[w];
				break;
			}
		case 4:
		case 5:
			{
				/* integers of every width, small ones often */
				int			bits = (int) (rnd() % 65);
				uint64_t	m = bits == 0 ? 0 : rnd() >> (64 - bits);
				int64_t		v = (int64_t) (m >> 1);

				push(l, WC_FDB_INT)->v.i = rnd() % 2 ? -v : v;
				break;
			}
		case 6:
			{
				/* big integers, 8 to 40 bytes */
				n = 8 + rnd() % 33;
				p = arena(l, n);
				for (k = 0; k < n; k++)
					p[k] = (uint8_t) rnd();
				e = push(l, WC_FDB_BIGINT);
				e->ptr = p;
				e->len = n;
				e->neg = (uint8_t) (rnd() % 2);
				break;
			}
		case 7:
			{
				static const uint32_t specials[] = {0, 0x80000000u, 0x7fc00000u, 0xffc00000u, 0x7f800000u,
				0xff800000u, 0x3f800000u, 0xbf800000u, 0x7fa00001u, 0x00000001u};

				push_float_bits(l, rnd() % 2 ? specials[rnd() % 10] : (uint32_t) rnd());
				break;
			}
		case 8:
			{
				static const uint64_t specials[] = {0, UINT64_C(0x8000000000000000), UINT64_C(0x7ff8000000000000),
					UINT64_C(0xfff8000000000000), UINT64_C(0x7ff0000000000000), UINT64_C(0xfff0000000000000),
				UINT64_C(0x3ff0000000000000), UINT64_C(0x7ff0000000000001), UINT64_C(1), UINT64_C(0xbff8000000000000)};

				push_double_bits(l, rnd() % 2 ? specials[rnd() % 10] : rnd());
				break;
			}
		case 9:
			push(l, WC_FDB_BOOL)->v.b = (int) (rnd() % 2);
			break;
		case 10:
			p = arena(l, 16);
			for (k = 0; k < 16; k++)
				p[k] = (uint8_t) (rnd() % 3);
			e = push(l, rnd() % 2 ? WC_FDB_UUID : WC_FDB_VERSIONSTAMP);
			e->ptr = p;
			if (e->type == WC_FDB_VERSIONSTAMP && p[0] == 0)
				memset(p, 0xFF, 10);	/* some incomplete ones too */
			break;
		default:
			if (depth >= 3)
			{
				push(l, WC_FDB_NULL);
				break;
			}
			push(l, WC_FDB_NESTED);
			n = rnd() % 4;
			for (k = 0; k < n; k++)
				gen_elem(l, depth + 1);
			push(l, WC_FDB_NESTED_END);
			break;
	}
}

static void
gen_tuple(evlist *l)
{
	size_t		n = rnd() % 6,
				k;

	l->n = 0;
	l->used = 0;
	for (k = 0; k < n; k++)
		gen_elem(l, 0);
}

static void
test_property(void)
{
	evlist	   *a = evlist_new(),
			   *b = evlist_new(),
			   *got = evlist_new();
	int			iter,
				bad_rt = 0,
				bad_order = 0,
				bad_text = 0,
				nonzero = 0;

	for (iter = 0; iter < 20000; iter++)
	{
		uint8_t    *pa,
				   *pb;
		size_t		la,
					lb,
					ninc;
		int			want,
					c;

		gen_tuple(a);
		if (iter % 2)
		{
			/* share a prefix with the previous tuple: copy, then mutate the tail */
			size_t		keep = b->n ? rnd() % (b->n + 1) : 0,
						depth = 0,
						k;

			memcpy(a->arena, b->arena, b->used);
			a->used = b->used;
			for (k = 0; k < keep; k++)
			{
				a->ev[k] = b->ev[k];
				if (a->ev[k].ptr >= b->arena && a->ev[k].ptr < b->arena + ARENA_MAX)
					a->ev[k].ptr = a->arena + (a->ev[k].ptr - b->arena);
				depth += a->ev[k].type == WC_FDB_NESTED;
				depth -= a->ev[k].type == WC_FDB_NESTED_END;
			}
			a->n = keep;
			if (rnd() % 2)
				gen_elem(a, 0);
			while (depth-- > 0)
				push(a, WC_FDB_NESTED_END);
		}
		if (pack(a, &pa, &la, &ninc, 0) != WC_OK || pack(b, &pb, &lb, &ninc, 0) != WC_OK)
		{
			CHECK(0, "property: pack failed at iteration %d", iter);
			break;
		}
		if (unpack(pa, la, got) != WC_OK || !evlist_equal(got, a))
			bad_rt++;
		if (iter % 16 == 0)
		{
			int			before = wc_failed;

			check_text_roundtrip(pa, la, "property");
			bad_text += wc_failed != before;
		}
		want = evlist_cmp(a, b);
		c = wc_fdb_key_cmp(pa, la, pb, lb);
		nonzero += want != 0;
		if (c != want)
		{
			if (bad_order++ < 5)
				fprintf(stderr, "order mismatch: %s vs ", wc_hex(pa, la));
			if (bad_order <= 5)
				fprintf(stderr, "%s: bytes %d, tuples %d\n", wc_hex(pb, lb), c, want);
		}
		free(pa);
		free(pb);
		/* b becomes a copy of a (with its own arena) */
		memcpy(b->arena, a->arena, a->used);
		b->used = a->used;
		b->n = a->n;
		for (size_t k = 0; k < a->n; k++)
		{
			b->ev[k] = a->ev[k];
			if (a->ev[k].ptr >= a->arena && a->ev[k].ptr < a->arena + ARENA_MAX)
				b->ev[k].ptr = b->arena + (a->ev[k].ptr - a->arena);
		}
	}
	CHECK(bad_rt == 0, "property: unpack(pack(t)) = t for 20000 random tuples (%d failures)", bad_rt);
	CHECK(bad_order == 0, "property: bytewise order = tuple order (%d failures)", bad_order);
	CHECK(bad_text == 0, "property: text form round trips (%d failures)", bad_text);
	CHECK(nonzero > 10000, "property: %d comparisons were not equal", nonzero);
	free(a);
	free(b);
	free(got);
}

/* Long inputs reach the interrupt hook: per 4096 elements read or packed,
 * per 64 KB of a string scanned, escaped or copied. */
static void
test_interrupts(void)
{
	const size_t n = 100000,
				mb = 1 << 20;
	uint8_t    *t = malloc(mb + 2),
			   *out = malloc(2 * mb + 2);
	wc_fdb_elem *ev = calloc(n, sizeof(wc_fdb_elem)),
				e;
	wc_fdb_reader r;
	size_t		count,
				size,
				ninc,
				erri;
	long		calls;

	/* 100k integers: the flat check, the reader, the sizing and writing */
	memset(t, WC_FDB_CODE_ZERO, n);
	wc_interrupts_count_start();
	CHECK(wc_fdb_validate(t, n, &count, NULL) == WC_OK && count == n, "100k zeros: %zu", count);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (n / WC_INTERRUPT_STRIDE), "validate 100k elements: %ld checks", calls);
	t[n - 1] = WC_FDB_CODE_NESTED;	/* not flat: the reader walks it */
	wc_fdb_reader_init(&r, t, n - 1);
	wc_interrupts_count_start();
	while (wc_fdb_read(&r, &e) == WC_OK && e.type != WC_FDB_END)
		;
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (n / WC_INTERRUPT_STRIDE) - 1, "read 100k elements: %ld checks", calls);
	for (size_t i = 0; i < n; i++)
		ev[i].type = WC_FDB_INT;
	wc_interrupts_count_start();
	CHECK(wc_fdb_events_size(ev, n, &size, &ninc, &erri) == WC_OK && size == n, "size %zu", size);
	CHECK(wc_fdb_events_write(out, ev, n) == out + n, "write 100k integers");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (2 * (n / WC_INTERRUPT_STRIDE)), "pack 100k elements: %ld checks", calls);

	/* a 1 MB bytes element: found, sized, escaped, unescaped */
	t[0] = WC_FDB_CODE_BYTES;
	memset(t + 1, 'a', mb);
	t[mb + 1] = 0x00;
	wc_interrupts_count_start();
	CHECK(wc_fdb_validate(t, mb + 2, &count, NULL) == WC_OK && count == 1, "1 MB bytes");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (mb / WC_INTERRUPT_BYTES) - 1, "scan 1 MB: %ld checks", calls);
	wc_interrupts_count_start();
	CHECK(wc_fdb_put_bytes(out, WC_FDB_CODE_BYTES, t + 1, mb) == out + mb + 2, "put 1 MB");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 2 * ((long) (mb / WC_INTERRUPT_BYTES) - 1), "escape 1 MB: %ld checks", calls);
	/* 1 MB of 00 bytes: one escape each */
	memset(t + 1, 0, mb);
	wc_interrupts_count_start();
	CHECK(wc_fdb_escaped_size(t + 1, mb) == 2 * mb, "1 MB of 00 sized");
	CHECK(wc_fdb_put_escaped(out, t + 1, mb) == out + 2 * mb, "1 MB of 00 escaped");
	calls = wc_interrupts_count_stop();
	CHECK(calls >= 2 * (long) (mb / WC_INTERRUPT_STRIDE), "escape 1 MB of 00: %ld checks", calls);
	e.ptr = out;
	e.rawlen = 2 * mb;
	e.len = mb;
	e.escaped = 1;
	wc_interrupts_count_start();
	wc_fdb_unescape(t, &e);
	calls = wc_interrupts_count_stop();
	CHECK(calls >= (long) (mb / WC_INTERRUPT_STRIDE), "unescape 1 MB of 00: %ld checks", calls);
	free(t);
	free(out);
	free(ev);
}

int
main(void)
{
	test_vs_user_version();
	test_sql_vectors();
	test_pack_errors();
	test_python_vectors("fdb_tuple_nested_vectors.tsv");
	test_python_vectors("fdb_tuple_extra_vectors.tsv");
	test_order();
	test_invalid();
	test_noncanonical();
	test_disputed();
	test_error_positions();
	test_utf8_tails();
	test_get();
	test_deep_nesting();
	test_decimal();
	test_text();
	test_property();
	test_interrupts();
	return wc_summary("test_fdb_tuple");
}
