/*
 * mysql_binlog_rows.c: TABLE_MAP, row events, and row images into cells,
 * each value's size checked (see mysql_binlog.h); the values themselves
 * are read in mysql_binlog_value.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_binlog.h"
#include "mysql_binlog_int.h"

static const char *const wc_binlog_type_names[256] = {
	[WC_BINLOG_T_DECIMAL] = "DECIMAL",
	[WC_BINLOG_T_TINY] = "TINYINT",
	[WC_BINLOG_T_SHORT] = "SMALLINT",
	[WC_BINLOG_T_LONG] = "INT",
	[WC_BINLOG_T_FLOAT] = "FLOAT",
	[WC_BINLOG_T_DOUBLE] = "DOUBLE",
	[WC_BINLOG_T_NULL] = "NULL",
	[WC_BINLOG_T_TIMESTAMP] = "TIMESTAMP",
	[WC_BINLOG_T_LONGLONG] = "BIGINT",
	[WC_BINLOG_T_INT24] = "MEDIUMINT",
	[WC_BINLOG_T_DATE] = "DATE",
	[WC_BINLOG_T_TIME] = "TIME",
	[WC_BINLOG_T_DATETIME] = "DATETIME",
	[WC_BINLOG_T_YEAR] = "YEAR",
	[WC_BINLOG_T_NEWDATE] = "NEWDATE",
	[WC_BINLOG_T_VARCHAR] = "VARCHAR",
	[WC_BINLOG_T_BIT] = "BIT",
	[WC_BINLOG_T_TIMESTAMP2] = "TIMESTAMP2",
	[WC_BINLOG_T_DATETIME2] = "DATETIME2",
	[WC_BINLOG_T_TIME2] = "TIME2",
	[WC_BINLOG_T_TYPED_ARRAY] = "TYPED_ARRAY",
	[WC_BINLOG_T_VECTOR] = "VECTOR",
	[WC_BINLOG_T_JSON] = "JSON",
	[WC_BINLOG_T_NEWDECIMAL] = "NEWDECIMAL",
	[WC_BINLOG_T_ENUM] = "ENUM",
	[WC_BINLOG_T_SET] = "SET",
	[WC_BINLOG_T_TINY_BLOB] = "TINYBLOB",
	[WC_BINLOG_T_MEDIUM_BLOB] = "MEDIUMBLOB",
	[WC_BINLOG_T_LONG_BLOB] = "LONGBLOB",
	[WC_BINLOG_T_BLOB] = "BLOB",
	[WC_BINLOG_T_VAR_STRING] = "VAR_STRING",
	[WC_BINLOG_T_STRING] = "STRING",
	[WC_BINLOG_T_GEOMETRY] = "GEOMETRY",
};

const char *
wc_binlog_column_type_name(unsigned type)
{
	return type < 256 ? wc_binlog_type_names[type] : NULL;
}

/* ---- TABLE_MAP ---- */

/* Bytes of metadata a column type has in TABLE_MAP; -1 for a type the
 * decoder does not know. */
static int
wc_binlog_meta_len(uint8_t type)
{
	switch (type)
	{
		case WC_BINLOG_T_TINY:
		case WC_BINLOG_T_SHORT:
		case WC_BINLOG_T_INT24:
		case WC_BINLOG_T_LONG:
		case WC_BINLOG_T_LONGLONG:
		case WC_BINLOG_T_NULL:
		case WC_BINLOG_T_TIMESTAMP:
		case WC_BINLOG_T_DATE:
		case WC_BINLOG_T_NEWDATE:
		case WC_BINLOG_T_TIME:
		case WC_BINLOG_T_DATETIME:
		case WC_BINLOG_T_YEAR:
			return 0;
		case WC_BINLOG_T_FLOAT:
		case WC_BINLOG_T_DOUBLE:
		case WC_BINLOG_T_TIMESTAMP2:
		case WC_BINLOG_T_DATETIME2:
		case WC_BINLOG_T_TIME2:
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
		case WC_BINLOG_T_BLOB:
		case WC_BINLOG_T_GEOMETRY:
		case WC_BINLOG_T_JSON:
		case WC_BINLOG_T_VECTOR:
			return 1;
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
		case WC_BINLOG_T_BIT:
		case WC_BINLOG_T_NEWDECIMAL:
		case WC_BINLOG_T_STRING:
		case WC_BINLOG_T_ENUM:
		case WC_BINLOG_T_SET:
			return 2;
		default:
			return -1;
	}
}

/* Fill the column's derived fields from its type and metadata. */
static wc_status
wc_binlog_column_meta(wc_binlog_column *c, const uint8_t *m, uint64_t off, uint32_t i,
					  wc_error *err)
{
	c->real_type = c->type;
	switch (c->type)
	{
		case WC_BINLOG_T_FLOAT:
		case WC_BINLOG_T_DOUBLE:
			c->meta = m[0];
			break;
		case WC_BINLOG_T_TIMESTAMP2:
		case WC_BINLOG_T_DATETIME2:
		case WC_BINLOG_T_TIME2:
			c->meta = m[0];
			c->fsp = m[0];
			if (c->fsp > 6)
				goto bad;
			break;
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
		case WC_BINLOG_T_BLOB:
		case WC_BINLOG_T_GEOMETRY:
		case WC_BINLOG_T_JSON:
		case WC_BINLOG_T_VECTOR:
			c->meta = m[0];
			c->length_bytes = m[0];
			if (c->length_bytes < 1 || c->length_bytes > 4)
				goto bad;
			break;
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
			c->meta = wc_bl_le16(m);
			c->max_len = c->meta;
			break;
		case WC_BINLOG_T_BIT:
			c->meta = (uint16_t) (m[0] | m[1] << 8);
			if (m[0] > 7 || m[1] > 8 || (m[1] == 8 && m[0] != 0) || (m[0] == 0 && m[1] == 0))
				goto bad;
			c->bit_len = (uint8_t) (m[1] + (m[0] ? 1 : 0));
			break;
		case WC_BINLOG_T_NEWDECIMAL:
			c->meta = (uint16_t) (m[0] << 8 | m[1]);
			c->precision = m[0];
			c->scale = m[1];
			if (c->precision < 1 || c->precision > 65 || c->scale > 30 || c->scale > c->precision)
				goto bad;
			break;
		case WC_BINLOG_T_STRING:
		case WC_BINLOG_T_ENUM:
		case WC_BINLOG_T_SET:
			c->meta = (uint16_t) (m[0] << 8 | m[1]);
			if ((m[0] & 0x30) != 0x30)
			{
				c->real_type = m[0] | 0x30;
				c->max_len = m[1] | (((m[0] & 0x30) ^ 0x30) << 4);
			}
			else
			{
				c->real_type = m[0];
				c->max_len = m[1];
			}
			if (c->real_type == WC_BINLOG_T_ENUM)
			{
				if (c->max_len != 1 && c->max_len != 2)
					goto bad;
			}
			else if (c->real_type == WC_BINLOG_T_SET)
			{
				if (c->max_len < 1 || c->max_len > 8)
					goto bad;
			}
			else if (c->real_type != WC_BINLOG_T_STRING)
				goto bad;
			break;
		default:
			break;
	}
	return WC_OK;
bad:
	return wc_at_index(err, wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, off,
														   c->meta ? c->meta : m[0]),
										"column metadata"), "column", (int64_t) i + 1);
}

static bool
wc_binlog_is_numeric(const wc_binlog_column *c)
{
	switch (c->real_type)
	{
		case WC_BINLOG_T_TINY:
		case WC_BINLOG_T_SHORT:
		case WC_BINLOG_T_INT24:
		case WC_BINLOG_T_LONG:
		case WC_BINLOG_T_LONGLONG:
		case WC_BINLOG_T_NEWDECIMAL:
		case WC_BINLOG_T_FLOAT:
		case WC_BINLOG_T_DOUBLE:
			return true;
		default:
			return false;
	}
}

static bool
wc_binlog_is_character(const wc_binlog_column *c)
{
	switch (c->real_type)
	{
		case WC_BINLOG_T_STRING:
		case WC_BINLOG_T_VAR_STRING:
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_BLOB:
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
			return true;
		default:
			return false;
	}
}

static bool
wc_binlog_is_enum_set(const wc_binlog_column *c)
{
	return c->real_type == WC_BINLOG_T_ENUM || c->real_type == WC_BINLOG_T_SET;
}

/* Table id and flags at the start of a TABLE_MAP or row event body. */
static wc_status
wc_binlog_table_id(const wc_binlog_state *st, const wc_binlog_event *ev, size_t *pos,
				   uint64_t *table_id, uint16_t *flags, wc_error *err)
{
	unsigned	ph = wc_binlog_post_header_len(st, ev->h.type);
	unsigned	idlen = ph == 6 ? 4 : 6;

	if (ev->body_len < idlen + 2u)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, ev->body_offset + ev->body_len,
										   idlen + 2, ev->body_len), "table id");
	*table_id = wc_bl_le(ev->body, idlen);
	*flags = wc_bl_le16(ev->body + idlen);
	*pos = idlen + 2;
	return WC_OK;
}

wc_status
wc_binlog_table_map_peek(const wc_binlog_state *st, const wc_binlog_event *ev,
						 uint64_t *table_id, uint32_t *ncols, wc_error *err)
{
	const uint8_t *b = ev->body;
	size_t		len = ev->body_len,
				pos;
	uint16_t	flags;
	uint64_t	n;
	wc_status	rc;

	rc = wc_binlog_table_id(st, ev, &pos, table_id, &flags, err);
	for (int part = 0; rc == WC_OK && part < 2; part++)
	{
		/* schema, then table: length byte, name, 00 */
		if (pos >= len || len - pos < (size_t) b[pos] + 2)
			rc = wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, ev->body_offset + len),
							 part ? "table name" : "schema name");
		else if (b[pos + 1 + b[pos]] != 0)
			rc = wc_in_field(err, wc_fail(err, WC_ERR_UNTERMINATED,
										  ev->body_offset + pos + 1 + b[pos]),
							 part ? "table name" : "schema name");
		else
			pos += (size_t) b[pos] + 2;
	}
	if (rc == WC_OK)
		rc = wc_in_field(err, wc_bl_packed(b, len, &pos, ev->body_offset, &n, err),
						 "column count");
	if (rc == WC_OK && (n == 0 || n > 4096))
		rc = wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, ev->body_offset + pos - 1, n),
						 "column count");
	if (rc != WC_OK)
		return wc_at_index(err, rc, "event", ev->index);
	*ncols = (uint32_t) n;
	return WC_OK;
}

/* Optional metadata field 2/10: default collation, then (index, collation)
 * pairs for the columns of kind (character or ENUM/SET) that differ. */
static wc_status
wc_binlog_default_charset(wc_binlog_table *t, const uint8_t *v, size_t vlen, uint64_t voff,
						  bool enum_set, wc_error *err)
{
	size_t		pos = 0;
	uint64_t	dflt,
				idx,
				coll;
	wc_status	rc;

	rc = wc_bl_packed(v, vlen, &pos, voff, &dflt, err);
	if (rc != WC_OK)
		return rc;
	for (uint32_t i = 0; i < t->ncols; i++)
	{
		wc_binlog_column *c = &t->cols[i];

		if (enum_set ? wc_binlog_is_enum_set(c) : wc_binlog_is_character(c))
			c->charset = (uint32_t) dflt;
	}
	while (pos < vlen)
	{
		uint32_t	k = 0;

		rc = wc_bl_packed(v, vlen, &pos, voff, &idx, err);
		if (rc == WC_OK)
			rc = wc_bl_packed(v, vlen, &pos, voff, &coll, err);
		if (rc != WC_OK)
			return rc;
		for (uint32_t i = 0; i < t->ncols; i++)
		{
			wc_binlog_column *c = &t->cols[i];

			if (enum_set ? wc_binlog_is_enum_set(c) : wc_binlog_is_character(c))
			{
				if (k == idx)
				{
					c->charset = (uint32_t) coll;
					break;
				}
				k++;
			}
		}
	}
	return WC_OK;
}

/* One packed integer for each column of a kind, in order. */
typedef enum
{
	WC_KIND_CHARACTER,
	WC_KIND_ENUM_SET,
	WC_KIND_GEOMETRY
} wc_binlog_kind;

static bool
wc_binlog_of_kind(const wc_binlog_column *c, wc_binlog_kind kind)
{
	switch (kind)
	{
		case WC_KIND_CHARACTER:
			return wc_binlog_is_character(c);
		case WC_KIND_ENUM_SET:
			return wc_binlog_is_enum_set(c);
		case WC_KIND_GEOMETRY:
			return c->real_type == WC_BINLOG_T_GEOMETRY;
	}
	return false;
}

static wc_status
wc_binlog_per_column(wc_binlog_table *t, const uint8_t *v, size_t vlen, uint64_t voff,
					 wc_binlog_kind kind, wc_error *err)
{
	size_t		pos = 0;

	for (uint32_t i = 0; i < t->ncols; i++)
	{
		wc_binlog_column *c = &t->cols[i];
		uint64_t	x;
		wc_status	rc;

		if (!wc_binlog_of_kind(c, kind))
			continue;
		rc = wc_bl_packed(v, vlen, &pos, voff, &x, err);
		if (rc != WC_OK)
			return wc_at_index(err, rc, "column", (int64_t) i + 1);
		if (kind == WC_KIND_GEOMETRY)
			c->geometry_type = (uint32_t) x;
		else
			c->charset = (uint32_t) x;
	}
	return WC_OK;
}

/* ENUM or SET value lists: for each such column, a count and strings. */
static wc_status
wc_binlog_str_values(wc_binlog_table *t, const uint8_t *v, size_t vlen, uint64_t voff,
					 uint8_t which, wc_error *err)
{
	size_t		pos = 0;

	for (uint32_t i = 0; i < t->ncols; i++)
	{
		wc_binlog_column *c = &t->cols[i];
		uint64_t	count,
					slen;
		size_t		start;
		wc_status	rc;

		if (c->real_type != which)
			continue;
		rc = wc_bl_packed(v, vlen, &pos, voff, &count, err);
		if (rc != WC_OK)
			return wc_at_index(err, rc, "column", (int64_t) i + 1);
		if (count > 65535)
			return wc_at_index(err, wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE,
																   voff + pos, count),
												"ENUM/SET value count"),
							   "column", (int64_t) i + 1);
		start = pos;
		for (uint64_t k = 0; k < count; k++)
		{
			rc = wc_bl_packed(v, vlen, &pos, voff, &slen, err);
			if (rc == WC_OK && slen > vlen - pos)
				rc = wc_in_field(err, wc_fail_ef(err, WC_ERR_LENGTH, voff + pos, slen, vlen - pos),
								 "ENUM/SET value");
			if (rc != WC_OK)
				return wc_at_index(err, rc, "column", (int64_t) i + 1);
			pos += slen;
		}
		c->values = v + start;
		c->values_len = pos - start;
		c->nvalues = (uint32_t) count;
	}
	return WC_OK;
}

/* The optional metadata fields after the null bitmap (MySQL 8.0.1+,
 * MariaDB 10.5+): type byte, packed length, value. */
static wc_status
wc_binlog_optional_meta(wc_binlog_table *t, const uint8_t *b, size_t len, size_t pos,
						uint64_t base, wc_error *err)
{
	while (pos < len)
	{
		uint8_t		ft = b[pos];
		uint64_t	flen;
		const uint8_t *v;
		uint64_t	voff;
		wc_status	rc;

		pos++;
		rc = wc_bl_packed(b, len, &pos, base, &flen, err);
		if (rc == WC_OK && flen > len - pos)
			rc = wc_fail_ef(err, WC_ERR_LENGTH, base + pos, flen, len - pos);
		if (rc != WC_OK)
			return wc_in_field(err, rc, "optional metadata");
		v = b + pos;
		voff = base + pos;
		switch (ft)
		{
			case 1:				/* SIGNEDNESS: a bit per numeric column, MSB first */
				{
					uint32_t	k = 0;

					for (uint32_t i = 0; i < t->ncols; i++)
					{
						if (!wc_binlog_is_numeric(&t->cols[i]))
							continue;
						if (k / 8 >= flen)
							return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, voff + flen),
											   "SIGNEDNESS");
						t->cols[i].is_unsigned = (v[k / 8] >> (7 - k % 8)) & 1;
						k++;
					}
					t->has_signedness = true;
					break;
				}
			case 2:				/* DEFAULT_CHARSET */
			case 10:			/* ENUM_AND_SET_DEFAULT_CHARSET */
				rc = wc_binlog_default_charset(t, v, flen, voff, ft == 10, err);
				t->has_charsets = true;
				break;
			case 3:				/* COLUMN_CHARSET */
				rc = wc_binlog_per_column(t, v, flen, voff, WC_KIND_CHARACTER, err);
				t->has_charsets = true;
				break;
			case 11:			/* ENUM_AND_SET_COLUMN_CHARSET */
				rc = wc_binlog_per_column(t, v, flen, voff, WC_KIND_ENUM_SET, err);
				break;
			case 4:				/* COLUMN_NAME */
				{
					size_t		p = 0;

					for (uint32_t i = 0; i < t->ncols && rc == WC_OK; i++)
					{
						uint64_t	nlen;

						rc = wc_bl_packed(v, flen, &p, voff, &nlen, err);
						if (rc == WC_OK && nlen > flen - p)
							rc = wc_fail_ef(err, WC_ERR_LENGTH, voff + p, nlen, flen - p);
						if (rc != WC_OK)
						{
							rc = wc_at_index(err, wc_in_field(err, rc, "column name"), "column",
											 (int64_t) i + 1);
							break;
						}
						t->cols[i].name = v + p;
						t->cols[i].name_len = nlen;
						p += nlen;
					}
					t->has_names = true;
					break;
				}
			case 5:				/* SET_STR_VALUE */
				rc = wc_binlog_str_values(t, v, flen, voff, WC_BINLOG_T_SET, err);
				t->has_set_values = true;
				break;
			case 6:				/* ENUM_STR_VALUE */
				rc = wc_binlog_str_values(t, v, flen, voff, WC_BINLOG_T_ENUM, err);
				t->has_enum_values = true;
				break;
			case 7:				/* GEOMETRY_TYPE */
				rc = wc_binlog_per_column(t, v, flen, voff, WC_KIND_GEOMETRY, err);
				break;
			case 8:				/* SIMPLE_PRIMARY_KEY */
			case 9:				/* PRIMARY_KEY_WITH_PREFIX */
				{
					size_t		p = 0;

					while (p < flen && rc == WC_OK)
					{
						uint64_t	col,
									prefix = 0;

						rc = wc_bl_packed(v, flen, &p, voff, &col, err);
						if (rc == WC_OK && ft == 9)
							rc = wc_bl_packed(v, flen, &p, voff, &prefix, err);
						if (rc == WC_OK && col >= t->ncols)
							rc = wc_fail_ef(err, WC_ERR_BAD_VALUE, voff + p - 1, t->ncols, col);
						if (rc == WC_OK)
						{
							t->cols[col].primary_key = true;
							t->cols[col].prefix = (uint32_t) prefix;
						}
					}
					rc = wc_in_field(err, rc, "primary key");
					break;
				}
			case 12:			/* COLUMN_VISIBILITY: a bit per column, MSB first */
				for (uint32_t i = 0; i < t->ncols; i++)
				{
					if (i / 8 >= flen)
						return wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, voff + flen),
										   "COLUMN_VISIBILITY");
					t->cols[i].visible = (v[i / 8] >> (7 - i % 8)) & 1;
				}
				break;
			default:
				/* a field of a newer server: its length lets us skip it */
				break;
		}
		if (rc != WC_OK)
			return rc;
		pos += flen;
	}
	return WC_OK;
}

wc_status
wc_binlog_table_map_decode(const wc_binlog_state *st, const wc_binlog_event *ev,
						   wc_binlog_table *t, wc_error *err)
{
	const uint8_t *b = ev->body;
	size_t		len = ev->body_len,
				pos;
	uint64_t	n,
				mlen;
	size_t		mpos,
				nullpos;
	wc_status	rc;
	wc_binlog_column *cols = t->cols;
	uint32_t	ncols;

	rc = wc_binlog_table_map_peek(st, ev, &t->table_id, &ncols, err);
	if (rc != WC_OK)
		return rc;
	memset(cols, 0, sizeof(*cols) * ncols);
	memset(t, 0, sizeof(*t));
	t->cols = cols;
	t->ncols = ncols;
	rc = wc_binlog_table_id(st, ev, &pos, &t->table_id, &t->flags, err);
	if (rc != WC_OK)
		return wc_at_index(err, rc, "event", ev->index);
	t->schema = b + pos + 1;
	t->schema_len = b[pos];
	pos += (size_t) b[pos] + 2;
	t->name = b + pos + 1;
	t->name_len = b[pos];
	pos += (size_t) b[pos] + 2;
	(void) wc_bl_packed(b, len, &pos, ev->body_offset, &n, err);

	if (len - pos < ncols)
		return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED,
															ev->body_offset + len, ncols,
															len - pos), "column types"),
						   "event", ev->index);
	for (uint32_t i = 0; i < ncols; i++)
	{
		cols[i].type = b[pos + i];
		cols[i].visible = true;
		if (wc_binlog_meta_len(cols[i].type) < 0)
			return wc_at_index(err, wc_at_index(err, wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED,
																					ev->body_offset + pos + i,
																					cols[i].type),
																 "column type"),
												"column", (int64_t) i + 1),
							   "event", ev->index);
	}
	pos += ncols;
	rc = wc_bl_packed(b, len, &pos, ev->body_offset, &mlen, err);
	if (rc == WC_OK && mlen > len - pos)
		rc = wc_fail_ef(err, WC_ERR_LENGTH, ev->body_offset + pos, mlen, len - pos);
	if (rc != WC_OK)
		return wc_at_index(err, wc_in_field(err, rc, "column metadata"), "event", ev->index);
	mpos = pos;
	for (uint32_t i = 0; i < ncols; i++)
	{
		int			ml = wc_binlog_meta_len(cols[i].type);

		if ((size_t) ml > mpos + mlen - pos)
			return wc_at_index(err, wc_at_index(err, wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED,
																			  ev->body_offset + mpos + mlen),
																 "column metadata"),
												"column", (int64_t) i + 1),
							   "event", ev->index);
		rc = wc_binlog_column_meta(&cols[i], b + pos, ev->body_offset + pos, i, err);
		if (rc != WC_OK)
			return wc_at_index(err, rc, "event", ev->index);
		pos += ml;
	}
	if (pos != mpos + mlen)
		return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE,
															ev->body_offset + mpos - 1,
															pos - mpos, mlen),
											"column metadata length"), "event", ev->index);
	nullpos = pos;
	if (len - pos < (ncols + 7) / 8)
		return wc_at_index(err, wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED,
														 ev->body_offset + len),
											"null bitmap"), "event", ev->index);
	for (uint32_t i = 0; i < ncols; i++)
		cols[i].nullable = (b[nullpos + i / 8] >> (i % 8)) & 1;
	pos += (ncols + 7) / 8;
	rc = wc_binlog_optional_meta(t, b, len, pos, ev->body_offset, err);
	if (rc != WC_OK)
		return wc_at_index(err, rc, "event", ev->index);
	return WC_OK;
}

/* ---- row events ---- */

bool
wc_binlog_is_rows_event(unsigned type, int *change, bool *compressed)
{
	*compressed = type >= WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT_V1 &&
		type <= WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT;
	switch (type)
	{
		case WC_BINLOG_WRITE_ROWS_EVENT_V1:
		case WC_BINLOG_WRITE_ROWS_EVENT:
		case WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT_V1:
		case WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT:
			*change = WC_BINLOG_INSERT;
			return true;
		case WC_BINLOG_UPDATE_ROWS_EVENT_V1:
		case WC_BINLOG_UPDATE_ROWS_EVENT:
		case WC_BINLOG_PARTIAL_UPDATE_ROWS_EVENT:
		case WC_BINLOG_UPDATE_ROWS_COMPRESSED_EVENT_V1:
		case WC_BINLOG_UPDATE_ROWS_COMPRESSED_EVENT:
			*change = WC_BINLOG_UPDATE;
			return true;
		case WC_BINLOG_DELETE_ROWS_EVENT_V1:
		case WC_BINLOG_DELETE_ROWS_EVENT:
		case WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT_V1:
		case WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT:
			*change = WC_BINLOG_DELETE;
			return true;
		default:
			*change = 0;
			return false;
	}
}

wc_status
wc_binlog_rows_decode(const wc_binlog_state *st, const wc_binlog_event *ev,
					  wc_binlog_rows *r, wc_error *err)
{
	const uint8_t *b = ev->body;
	size_t		len = ev->body_len,
				pos,
				bm;
	uint64_t	n;
	unsigned	t = ev->h.type;
	bool		v2;
	wc_status	rc;

	memset(r, 0, sizeof(*r));
	if (!wc_binlog_is_rows_event(t, &r->change, &r->compressed))
		return wc_at_index(err, wc_fail_found(err, WC_ERR_UNEXPECTED, ev->offset + 4, t),
						   "event", ev->index);
	r->partial = t == WC_BINLOG_PARTIAL_UPDATE_ROWS_EVENT;
	v2 = (t >= WC_BINLOG_WRITE_ROWS_EVENT && t <= WC_BINLOG_DELETE_ROWS_EVENT) || r->partial ||
		(t >= WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT && t <= WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT);
	rc = wc_binlog_table_id(st, ev, &pos, &r->table_id, &r->flags, err);
	if (rc == WC_OK && v2)
	{
		uint16_t	xlen;

		if (len - pos < 2)
			rc = wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED, ev->body_offset + len),
							 "extra data length");
		else if ((xlen = wc_bl_le16(b + pos)) < 2 || xlen > len - pos)
			rc = wc_in_field(err, wc_fail_ef(err, WC_ERR_LENGTH, ev->body_offset + pos, xlen,
											 len - pos), "extra data");
		else
			pos += xlen;
	}
	if (rc == WC_OK)
		rc = wc_in_field(err, wc_bl_packed(b, len, &pos, ev->body_offset, &n, err),
						 "column count");
	if (rc == WC_OK && (n == 0 || n > 4096))
		rc = wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE, ev->body_offset + pos - 1, n),
						 "column count");
	if (rc != WC_OK)
		return wc_at_index(err, rc, "event", ev->index);
	r->ncols = (uint32_t) n;
	bm = (n + 7) / 8;
	if (len - pos < bm * (r->change == WC_BINLOG_UPDATE ? 2 : 1))
		return wc_at_index(err, wc_in_field(err, wc_fail(err, WC_ERR_TRUNCATED,
														 ev->body_offset + len),
											"column bitmap"), "event", ev->index);
	r->cols_before = b + pos;
	pos += bm;
	if (r->change == WC_BINLOG_UPDATE)
	{
		r->cols_after = b + pos;
		pos += bm;
	}
	r->rows = b + pos;
	r->rows_len = len - pos;
	r->rows_offset = ev->body_offset + pos;
	return WC_OK;
}

/* Size of a packed DECIMAL(precision, scale). */
static const uint8_t wc_dig2bytes[10] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 4};

size_t
wc_binlog_decimal_size(unsigned precision, unsigned scale)
{
	unsigned	intg = precision - scale;

	if (precision < 1 || precision > 65 || scale > precision)
		return 0;
	return (intg / 9) * 4 + wc_dig2bytes[intg % 9] + (scale / 9) * 4 + wc_dig2bytes[scale % 9];
}

unsigned
wc_binlog_length_prefix(const wc_binlog_column *c)
{
	switch (c->real_type)
	{
		case WC_BINLOG_T_STRING:
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
			return c->max_len > 255 ? 2 : 1;
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
		case WC_BINLOG_T_BLOB:
		case WC_BINLOG_T_GEOMETRY:
		case WC_BINLOG_T_JSON:
		case WC_BINLOG_T_VECTOR:
			return c->length_bytes;
		default:
			return 0;
	}
}

/* Bytes of a value of column c at p (avail bytes there); 0 with an error
 * set when it does not fit. */
static wc_status
wc_binlog_value_size(const wc_binlog_column *c, const uint8_t *p, size_t avail, uint64_t off,
					 size_t *size, wc_error *err)
{
	size_t		n = 0;
	unsigned	lb = 0;

	switch (c->real_type)
	{
		case WC_BINLOG_T_TINY:
		case WC_BINLOG_T_YEAR:
			n = 1;
			break;
		case WC_BINLOG_T_SHORT:
			n = 2;
			break;
		case WC_BINLOG_T_INT24:
		case WC_BINLOG_T_DATE:
		case WC_BINLOG_T_NEWDATE:
		case WC_BINLOG_T_TIME:
			n = 3;
			break;
		case WC_BINLOG_T_LONG:
		case WC_BINLOG_T_TIMESTAMP:
			n = 4;
			break;
		case WC_BINLOG_T_LONGLONG:
		case WC_BINLOG_T_DATETIME:
			n = 8;
			break;
		case WC_BINLOG_T_FLOAT:
			n = 4;
			break;
		case WC_BINLOG_T_DOUBLE:
			n = 8;
			break;
		case WC_BINLOG_T_NULL:
			n = 0;
			break;
		case WC_BINLOG_T_TIMESTAMP2:
			n = 4 + (c->fsp + 1) / 2;
			break;
		case WC_BINLOG_T_DATETIME2:
			n = 5 + (c->fsp + 1) / 2;
			break;
		case WC_BINLOG_T_TIME2:
			n = 3 + (c->fsp + 1) / 2;
			break;
		case WC_BINLOG_T_NEWDECIMAL:
			n = wc_binlog_decimal_size(c->precision, c->scale);
			break;
		case WC_BINLOG_T_BIT:
			n = c->bit_len;
			break;
		case WC_BINLOG_T_ENUM:
		case WC_BINLOG_T_SET:
			n = c->max_len;
			break;
		case WC_BINLOG_T_STRING:
		case WC_BINLOG_T_VARCHAR:
		case WC_BINLOG_T_VAR_STRING:
		case WC_BINLOG_T_TINY_BLOB:
		case WC_BINLOG_T_MEDIUM_BLOB:
		case WC_BINLOG_T_LONG_BLOB:
		case WC_BINLOG_T_BLOB:
		case WC_BINLOG_T_GEOMETRY:
		case WC_BINLOG_T_JSON:
		case WC_BINLOG_T_VECTOR:
			lb = wc_binlog_length_prefix(c);
			break;
		default:
			return wc_in_field(err, wc_fail_found(err, WC_ERR_UNSUPPORTED, off, c->real_type),
							   "column type");
	}
	if (lb)
	{
		uint64_t	l;

		if (avail < lb)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off + avail, lb, avail),
							   "value length");
		l = wc_bl_le(p, lb);
		if (l > avail - lb)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_LENGTH, off, l, avail - lb),
							   wc_binlog_column_type_name(c->real_type));
		if ((c->real_type == WC_BINLOG_T_STRING || c->real_type == WC_BINLOG_T_VARCHAR ||
			 c->real_type == WC_BINLOG_T_VAR_STRING) && l > c->max_len)
			return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, off, c->max_len, l),
							   "string length above the column's");
		n = lb + (size_t) l;
	}
	else if (avail < n)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, off + avail, n, avail),
						   wc_binlog_column_type_name(c->real_type));
	*size = n;
	return WC_OK;
}

wc_status
wc_binlog_image_decode(const wc_binlog_rows *r, const wc_binlog_table *t, bool after,
					   size_t *pos, wc_binlog_cell *cells, wc_error *err)
{
	const uint8_t *bitmap = after ? r->cols_after : r->cols_before;
	const uint8_t *p = r->rows;
	size_t		len = r->rows_len,
				at = *pos,
				nullbytes;
	uint32_t	present = 0,
				k = 0,
				jk = 0;
	const uint8_t *partial_bits = NULL;

	if (t->ncols != r->ncols)
		return wc_fail_ef(err, WC_BINLOG_COLUMN_COUNT, r->rows_offset, t->ncols, r->ncols);
	for (uint32_t i = 0; i < r->ncols; i++)
		present += (bitmap[i / 8] >> (i % 8)) & 1;
	/* an image of no columns takes no bytes: rows could never end */
	if (present == 0)
		return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, r->rows_offset + *pos),
						   "row image without columns");
	if (r->partial && after)
	{
		uint64_t	opts;
		wc_status	rc = wc_bl_packed(p, len, &at, r->rows_offset, &opts, err);

		if (rc != WC_OK)
			return wc_in_field(err, rc, "value options");
		if (opts > 1)
			return wc_in_field(err, wc_fail_found(err, WC_ERR_BAD_VALUE,
												  r->rows_offset + at - 1, opts),
							   "value options");
		if (opts & 1)
		{
			/* PARTIAL_JSON: a bit per JSON column of the table, in or out
			 * of the image */
			uint32_t	njson = 0;

			for (uint32_t i = 0; i < r->ncols; i++)
				if (t->cols[i].real_type == WC_BINLOG_T_JSON)
					njson++;
			if (len - at < (njson + 7) / 8)
				return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, r->rows_offset + len,
												   (njson + 7) / 8, len - at),
								   "partial JSON bitmap");
			partial_bits = p + at;
			at += (njson + 7) / 8;
		}
	}
	nullbytes = (present + 7) / 8;
	if (len - at < nullbytes)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED, r->rows_offset + len,
										   nullbytes, len - at), "null bitmap");
	{
		const uint8_t *nulls = p + at;

		at += nullbytes;
		for (uint32_t i = 0; i < r->ncols; i++)
		{
			wc_binlog_cell *cell = &cells[i];
			bool		partial = false;

			if (partial_bits && t->cols[i].real_type == WC_BINLOG_T_JSON)
			{
				partial = (partial_bits[jk / 8] >> (jk % 8)) & 1;
				jk++;
			}
			cell->partial = false;
			if (!((bitmap[i / 8] >> (i % 8)) & 1))
			{
				cell->state = WC_BINLOG_CELL_ABSENT;
				if (partial)
					return wc_at_index(err, wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE,
																	 r->rows_offset + at),
														"partial JSON bitmap (a column not in the image)"),
									   "column", (int64_t) i + 1);
				continue;
			}
			if ((nulls[k / 8] >> (k % 8)) & 1)
			{
				cell->state = WC_BINLOG_CELL_NULL;
				if (partial)
					return wc_at_index(err, wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE,
																	 r->rows_offset + at),
														"partial JSON bitmap (a NULL column)"),
									   "column", (int64_t) i + 1);
			}
			else if (partial)
			{
				/* the diffs, after their 4-byte length */
				uint64_t	l;

				if (len - at < 4)
					return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_TRUNCATED,
																		r->rows_offset + len, 4,
																		len - at),
														"JSON diffs length"),
									   "column", (int64_t) i + 1);
				l = wc_bl_le32(p + at);
				if (l > len - at - 4)
					return wc_at_index(err, wc_in_field(err, wc_fail_ef(err, WC_ERR_LENGTH,
																		r->rows_offset + at, l,
																		len - at - 4),
														"JSON diffs"),
									   "column", (int64_t) i + 1);
				cell->state = WC_BINLOG_CELL_VALUE;
				cell->partial = true;
				cell->p = p + at + 4;
				cell->len = (size_t) l;
				cell->offset = r->rows_offset + at + 4;
				at += 4 + (size_t) l;
			}
			else
			{
				size_t		n;
				wc_status	rc = wc_binlog_value_size(&t->cols[i], p + at, len - at,
													  r->rows_offset + at, &n, err);

				if (rc != WC_OK)
					return wc_at_index(err, rc, "column", (int64_t) i + 1);
				cell->state = WC_BINLOG_CELL_VALUE;
				cell->p = p + at;
				cell->len = n;
				cell->offset = r->rows_offset + at;
				at += n;
			}
			k++;
		}
	}
	*pos = at;
	return WC_OK;
}
