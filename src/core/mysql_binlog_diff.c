/*
 * mysql_binlog_diff.c: the JSON diffs of PARTIAL_UPDATE_ROWS_EVENT (MySQL
 * 8.0+, binlog_row_value_options=PARTIAL_JSON), see mysql_binlog.h.
 *
 * A partial JSON value is a list of (operation, path, value) diffs that
 * MySQL applies, in order, to the column's document of the before image.
 * This file reads the list and the paths; applying them is the caller's
 * (the glue applies them to jsonb).
 */
#include <string.h>

#include "bytea_text.h"
#include "mysql_binlog.h"
#include "mysql_binlog_int.h"

static const char *const wc_diff_op_names[3] = {"REPLACE", "INSERT", "REMOVE"};

const char *
wc_binlog_json_diff_op_name(unsigned op)
{
	return op < 3 ? wc_diff_op_names[op] : NULL;
}

/* Four hex digits at p. */
static int32_t
wc_diff_hex4(const uint8_t *p)
{
	int32_t		v = 0;

	for (int i = 0; i < 4; i++)
	{
		int			h = wc_hex_digit(p[i]);

		if (h < 0)
			return -1;
		v = v << 4 | h;
	}
	return v;
}

static size_t
wc_diff_put_utf8(uint8_t *out, uint32_t cp)
{
	if (cp < 0x80)
	{
		out[0] = (uint8_t) cp;
		return 1;
	}
	if (cp < 0x800)
	{
		out[0] = (uint8_t) (0xc0 | cp >> 6);
		out[1] = (uint8_t) (0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000)
	{
		out[0] = (uint8_t) (0xe0 | cp >> 12);
		out[1] = (uint8_t) (0x80 | (cp >> 6 & 0x3f));
		out[2] = (uint8_t) (0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (uint8_t) (0xf0 | cp >> 18);
	out[1] = (uint8_t) (0x80 | (cp >> 12 & 0x3f));
	out[2] = (uint8_t) (0x80 | (cp >> 6 & 0x3f));
	out[3] = (uint8_t) (0x80 | (cp & 0x3f));
	return 4;
}

/*
 * The JSON string text s[0 .. n) (between its quotes): checks it and, when
 * out is not NULL, writes it unescaped (never longer than n).  Returns the
 * unescaped length, or -1 with *bad at the offending byte.
 */
static int64_t
wc_diff_unescape(const uint8_t *s, size_t n, uint8_t *out, size_t *bad)
{
	size_t		i = 0,
				w = 0;

	while (i < n)
	{
		uint32_t	cp;
		size_t		k;

		if (s[i] == '\\')
		{
			if (i + 1 >= n)
				goto bad;
			switch (s[i + 1])
			{
				case '"':
				case '\\':
				case '/':
					cp = s[i + 1];
					break;
				case 'b':
					cp = '\b';
					break;
				case 'f':
					cp = '\f';
					break;
				case 'n':
					cp = '\n';
					break;
				case 'r':
					cp = '\r';
					break;
				case 't':
					cp = '\t';
					break;
				case 'u':
					{
						int32_t		u;

						if (n - i < 6 || (u = wc_diff_hex4(s + i + 2)) < 0)
							goto bad;
						cp = (uint32_t) u;
						if (cp >= 0xdc00 && cp <= 0xdfff)
							goto bad;
						if (cp >= 0xd800 && cp <= 0xdbff)
						{
							int32_t		lo;

							if (n - i < 12 || s[i + 6] != '\\' || s[i + 7] != 'u' ||
								(lo = wc_diff_hex4(s + i + 8)) < 0xdc00 || lo > 0xdfff)
								goto bad;
							cp = 0x10000 + ((cp - 0xd800) << 10) + ((uint32_t) lo - 0xdc00);
							i += 6;
						}
						/* \u0000 cannot be a key of jsonb or of text */
						if (cp == 0)
							goto bad;
						i += 6;
						if (out)
							w += wc_diff_put_utf8(out + w, cp);
						else
							w += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
						continue;
					}
				default:
					goto bad;
			}
			if (out)
				out[w] = (uint8_t) cp;
			w++;
			i += 2;
			continue;
		}
		if (s[i] == '"' || s[i] < 0x20)
			goto bad;
		k = wc_binlog_utf8_seq(s + i, n - i, &cp);
		if (k == 0)
			goto bad;
		if (out)
			memcpy(out + w, s + i, k);
		w += k;
		i += k;
	}
	return (int64_t) w;
bad:
	*bad = i;
	return -1;
}

/* Digits at p[*pos] (below len) as a uint32. */
static bool
wc_diff_digits(const uint8_t *p, size_t len, size_t *pos, uint32_t *v)
{
	size_t		at = *pos;
	uint64_t	x = 0;

	if (at >= len || p[at] < '0' || p[at] > '9')
		return false;
	while (at < len && p[at] >= '0' && p[at] <= '9')
	{
		x = x * 10 + (uint64_t) (p[at] - '0');
		if (x > UINT32_MAX)
			return false;
		at++;
	}
	*v = (uint32_t) x;
	*pos = at;
	return true;
}

wc_status
wc_binlog_json_path_next(const uint8_t *path, size_t len, uint64_t off, size_t *pos,
						 wc_binlog_json_leg *leg, wc_error *err)
{
	size_t		at = *pos;

	memset(leg, 0, sizeof(*leg));
	if (at == 0)
	{
		if (len == 0 || path[0] != '$')
			return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off,
												  len ? path[0] : 0), "JSON diff path");
		at = 1;
	}
	leg->offset = off + at;
	if (at >= len)
	{
		leg->kind = WC_BINLOG_LEG_END;
		*pos = at;
		return WC_OK;
	}
	if (path[at] == '.')
	{
		at++;
		leg->kind = WC_BINLOG_LEG_MEMBER;
		if (at < len && path[at] == '"')
		{
			size_t		start = ++at,
						bad;

			/* the closing quote: the first one not escaped */
			while (at < len && path[at] != '"')
				at += path[at] == '\\' ? 2 : 1;
			if (at >= len)
				return wc_in_field(err, wc_fail(err, WC_ERR_UNTERMINATED, off + len),
								   "JSON diff path member");
			if (wc_diff_unescape(path + start, at - start, NULL, &bad) < 0)
				return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE,
													  off + start + bad, path[start + bad]),
								   "JSON diff path member");
			leg->quoted = true;
			leg->key = path + start;
			leg->key_len = at - start;
			at++;
		}
		else
		{
			size_t		start = at;

			/* a bare name (an ECMAScript identifier): up to the next leg */
			while (at < len && path[at] != '.' && path[at] != '[')
			{
				uint32_t	cp;
				size_t		k = wc_binlog_utf8_seq(path + at, len - at, &cp);

				if (k == 0 || cp <= 0x20 || cp == '"' || cp == '\\' || cp == '*' || cp == ']' ||
					cp == '$')
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off + at,
														  path[at]), "JSON diff path member");
				at += k;
			}
			if (at == start)
				return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, off + at),
								   "JSON diff path member");
			leg->key = path + start;
			leg->key_len = at - start;
		}
	}
	else if (path[at] == '[')
	{
		at++;
		if (len - at >= 4 && memcmp(path + at, "last", 4) == 0)
		{
			at += 4;
			leg->kind = WC_BINLOG_LEG_LAST;
			if (at < len && path[at] == '-')
			{
				at++;
				if (!wc_diff_digits(path, len, &at, &leg->index))
					return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off + at,
														  at < len ? path[at] : 0),
									   "JSON diff path array index");
			}
		}
		else
		{
			leg->kind = WC_BINLOG_LEG_INDEX;
			if (!wc_diff_digits(path, len, &at, &leg->index))
				return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off + at,
													  at < len ? path[at] : 0),
								   "JSON diff path array index");
		}
		if (at >= len || path[at] != ']')
			return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off + at,
												  at < len ? path[at] : 0),
							   "JSON diff path array index");
		at++;
	}
	else
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_BYTE, off + at, path[at]),
						   "JSON diff path");
	*pos = at;
	return WC_OK;
}

size_t
wc_binlog_json_leg_key(const wc_binlog_json_leg *leg, uint8_t *out)
{
	size_t		bad;
	int64_t		n;

	if (!leg->quoted)
	{
		memcpy(out, leg->key, leg->key_len);
		return leg->key_len;
	}
	n = wc_diff_unescape(leg->key, leg->key_len, out, &bad);
	return n < 0 ? 0 : (size_t) n;
}

wc_status
wc_binlog_json_diff_next(const wc_binlog_cell *cell, size_t *pos, wc_binlog_json_diff *d,
						 wc_error *err)
{
	const uint8_t *p = cell->p;
	size_t		len = cell->len,
				at = *pos,
				lp;
	uint64_t	plen,
				vlen;
	wc_binlog_json_leg leg;
	wc_status	rc;

	memset(d, 0, sizeof(*d));
	if (at >= len)
		return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, cell->offset + len),
						   "JSON diff operation");
	d->op = p[at];
	if (d->op > WC_BINLOG_JSON_REMOVE)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, cell->offset + at, d->op),
						   "JSON diff operation");
	at++;
	rc = wc_bl_packed(p, len, &at, cell->offset, &plen, err);
	if (rc != WC_OK)
		return wc_in_field(err, rc, "JSON diff path length");
	if (plen > len - at)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_LENGTH, cell->offset + at, plen, len - at),
						   "JSON diff path");
	d->path = p + at;
	d->path_len = (size_t) plen;
	d->path_offset = cell->offset + at;
	at += (size_t) plen;
	/* the whole path is checked here; MySQL never writes the bare $ */
	lp = 0;
	do
	{
		rc = wc_binlog_json_path_next(d->path, d->path_len, d->path_offset, &lp, &leg, err);
		if (rc != WC_OK)
			return rc;
		if (leg.kind == WC_BINLOG_LEG_END && lp == 1)
			return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, d->path_offset),
							   "JSON diff path without a leg");
	} while (leg.kind != WC_BINLOG_LEG_END);
	if (d->op != WC_BINLOG_JSON_REMOVE)
	{
		rc = wc_bl_packed(p, len, &at, cell->offset, &vlen, err);
		if (rc != WC_OK)
			return wc_in_field(err, rc, "JSON diff value length");
		if (vlen > len - at)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_LENGTH, cell->offset + at, vlen,
											   len - at), "JSON diff value");
		d->value = p + at;
		d->value_len = (size_t) vlen;
		d->value_offset = cell->offset + at;
		at += (size_t) vlen;
	}
	*pos = at;
	return WC_OK;
}
