/*
 * mysql_binlog.h: MySQL and MariaDB binary log files (format v4).
 *
 * A binlog file is the magic fe 62 69 6e followed by events.  Each event has
 * a 19-byte header (timestamp, type, server id, event size, log_pos = offset
 * of the next event, flags), a body, and, when the FORMAT_DESCRIPTION event
 * says so, a CRC32 of header and body in the last 4 bytes.  This core frames
 * events one at a time (so that a caller may feed a whole file or read it in
 * chunks), checks sizes, the log_pos chain and every checksum, decodes the
 * events that carry state (FORMAT_DESCRIPTION, TABLE_MAP, GTID,
 * TRANSACTION_PAYLOAD)
 * and decodes row events into cells and cells into JSON text.
 *
 * No PostgreSQL headers, no allocation: callers pass buffers (the table
 * map's column array, the output buffer of the JSON renderer).  Errors
 * through the one contract (wc_status.h) with absolute byte offsets.
 */
#ifndef WC_MYSQL_BINLOG_H
#define WC_MYSQL_BINLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "wc_status.h"

#define WC_BINLOG_MAGIC_LEN		4
#define WC_BINLOG_HEADER_LEN	19
#define WC_BINLOG_CHECKSUM_LEN	4

/* Event types: MySQL's enum Log_event_type, then MariaDB's own (160+). */
enum
{
	WC_BINLOG_UNKNOWN_EVENT = 0,
	WC_BINLOG_START_EVENT_V3 = 1,
	WC_BINLOG_QUERY_EVENT = 2,
	WC_BINLOG_STOP_EVENT = 3,
	WC_BINLOG_ROTATE_EVENT = 4,
	WC_BINLOG_INTVAR_EVENT = 5,
	WC_BINLOG_RAND_EVENT = 13,
	WC_BINLOG_USER_VAR_EVENT = 14,
	WC_BINLOG_FORMAT_DESCRIPTION_EVENT = 15,
	WC_BINLOG_XID_EVENT = 16,
	WC_BINLOG_TABLE_MAP_EVENT = 19,
	WC_BINLOG_WRITE_ROWS_EVENT_V1 = 23,
	WC_BINLOG_UPDATE_ROWS_EVENT_V1 = 24,
	WC_BINLOG_DELETE_ROWS_EVENT_V1 = 25,
	WC_BINLOG_ROWS_QUERY_LOG_EVENT = 29,
	WC_BINLOG_WRITE_ROWS_EVENT = 30,
	WC_BINLOG_UPDATE_ROWS_EVENT = 31,
	WC_BINLOG_DELETE_ROWS_EVENT = 32,
	WC_BINLOG_GTID_LOG_EVENT = 33,
	WC_BINLOG_ANONYMOUS_GTID_LOG_EVENT = 34,
	WC_BINLOG_PREVIOUS_GTIDS_LOG_EVENT = 35,
	WC_BINLOG_PARTIAL_UPDATE_ROWS_EVENT = 39,
	WC_BINLOG_TRANSACTION_PAYLOAD_EVENT = 40,
	WC_BINLOG_GTID_TAGGED_LOG_EVENT = 42,
	WC_BINLOG_ANNOTATE_ROWS_EVENT = 160,
	WC_BINLOG_BINLOG_CHECKPOINT_EVENT = 161,
	WC_BINLOG_GTID_EVENT = 162,
	WC_BINLOG_GTID_LIST_EVENT = 163,
	WC_BINLOG_START_ENCRYPTION_EVENT = 164,
	WC_BINLOG_QUERY_COMPRESSED_EVENT = 165,
	WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT_V1 = 166,
	WC_BINLOG_UPDATE_ROWS_COMPRESSED_EVENT_V1 = 167,
	WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT_V1 = 168,
	WC_BINLOG_WRITE_ROWS_COMPRESSED_EVENT = 169,
	WC_BINLOG_UPDATE_ROWS_COMPRESSED_EVENT = 170,
	WC_BINLOG_DELETE_ROWS_COMPRESSED_EVENT = 171
};

/* The server's own name of an event type, or NULL for a number neither
 * MySQL nor MariaDB defines. */
const char *wc_binlog_event_type_name(unsigned type);

/* Column types of TABLE_MAP (MySQL's enum_field_types). */
enum
{
	WC_BINLOG_T_DECIMAL = 0,
	WC_BINLOG_T_TINY = 1,
	WC_BINLOG_T_SHORT = 2,
	WC_BINLOG_T_LONG = 3,
	WC_BINLOG_T_FLOAT = 4,
	WC_BINLOG_T_DOUBLE = 5,
	WC_BINLOG_T_NULL = 6,
	WC_BINLOG_T_TIMESTAMP = 7,
	WC_BINLOG_T_LONGLONG = 8,
	WC_BINLOG_T_INT24 = 9,
	WC_BINLOG_T_DATE = 10,
	WC_BINLOG_T_TIME = 11,
	WC_BINLOG_T_DATETIME = 12,
	WC_BINLOG_T_YEAR = 13,
	WC_BINLOG_T_NEWDATE = 14,
	WC_BINLOG_T_VARCHAR = 15,
	WC_BINLOG_T_BIT = 16,
	WC_BINLOG_T_TIMESTAMP2 = 17,
	WC_BINLOG_T_DATETIME2 = 18,
	WC_BINLOG_T_TIME2 = 19,
	WC_BINLOG_T_TYPED_ARRAY = 20,
	WC_BINLOG_T_VECTOR = 242,
	WC_BINLOG_T_JSON = 245,
	WC_BINLOG_T_NEWDECIMAL = 246,
	WC_BINLOG_T_ENUM = 247,
	WC_BINLOG_T_SET = 248,
	WC_BINLOG_T_TINY_BLOB = 249,
	WC_BINLOG_T_MEDIUM_BLOB = 250,
	WC_BINLOG_T_LONG_BLOB = 251,
	WC_BINLOG_T_BLOB = 252,
	WC_BINLOG_T_VAR_STRING = 253,
	WC_BINLOG_T_STRING = 254,
	WC_BINLOG_T_GEOMETRY = 255
};

/* The name of a column type ("DATETIME2"), or NULL for an unknown one. */
const char *wc_binlog_column_type_name(unsigned type);

/* Checksum algorithm of FORMAT_DESCRIPTION. */
enum
{
	WC_BINLOG_CHECKSUM_OFF = 0,
	WC_BINLOG_CHECKSUM_CRC32 = 1,
	WC_BINLOG_CHECKSUM_NONE_KNOWN = 255	/* before any FORMAT_DESCRIPTION, or a
										 * server without checksums */
};

/* CRC-32 (ISO-HDLC, as zlib's crc32) of p[0 .. n), continuing from crc
 * (0 to start). */
uint32_t	wc_binlog_crc32(uint32_t crc, const uint8_t *p, size_t n);

/* ---- framing ---- */

typedef struct wc_binlog_header
{
	uint32_t	timestamp;
	uint8_t		type;
	uint32_t	server_id;
	uint32_t	event_size;
	uint32_t	log_pos;
	uint16_t	flags;
} wc_binlog_header;

/* What the reader knows between events: FORMAT_DESCRIPTION's settings,
 * where the next event starts, the current GTID. */
typedef struct wc_binlog_state
{
	uint64_t	offset;			/* absolute offset of the next event */
	int64_t		index;			/* events framed so far */
	uint8_t		checksum;		/* WC_BINLOG_CHECKSUM_* in force */
	bool		have_fde;		/* a FORMAT_DESCRIPTION was seen */
	bool		mariadb;		/* its server version names MariaDB */
	uint8_t		common_header_len;	/* 19 */
	uint16_t	binlog_version;
	char		server_version[51];
	uint8_t		post_header_len[256];	/* by event type; 0 where not given */
	/* transaction identity of the rows that follow */
	bool		have_gtid;
	char		gtid[80];		/* "uuid:n" or "domain-server-seq" */
} wc_binlog_state;

/* Start reading a file: checks the magic in buf[0 .. len) (a prefix of the
 * file) and sets st for the first event at offset 4. */
wc_status	wc_binlog_begin(wc_binlog_state *st, const uint8_t *buf, size_t len, wc_error *err);

/* The 19-byte header at p (the caller has at least 19 bytes at absolute
 * offset off): checks event_size against the header and the checksum, and
 * log_pos against the chain (log_pos = off + event_size, or 0). */
wc_status	wc_binlog_header_decode(const wc_binlog_state *st, const uint8_t *p, uint64_t off,
									wc_binlog_header *h, wc_error *err);

/* One framed event: header, and the body without header and checksum. */
typedef struct wc_binlog_event
{
	wc_binlog_header h;
	int64_t		index;			/* 1-based */
	uint64_t	offset;			/* absolute offset of the header */
	const uint8_t *body;		/* payload: after the header, before the checksum */
	size_t		body_len;
	uint64_t	body_offset;	/* absolute offset of body[0] */
} wc_binlog_event;

/*
 * Frame the event whose first byte is ev_buf[0], at st->offset, given all
 * of its bytes (avail >= its event_size; the caller reads the header first
 * with wc_binlog_header_decode to learn the size).  Checks the checksum,
 * updates st (FORMAT_DESCRIPTION settings, GTID) and advances it.  Errors
 * name the event index and byte offset.
 */
wc_status	wc_binlog_next(wc_binlog_state *st, const uint8_t *ev_buf, size_t avail,
						   wc_binlog_event *ev, wc_error *err);

/* The post-header length of an event type in force (the FORMAT_DESCRIPTION's
 * or, before one, MySQL 5.x's defaults). */
unsigned	wc_binlog_post_header_len(const wc_binlog_state *st, unsigned type);

/* ---- events that carry state ---- */

/* GTID text of a GTID_LOG_EVENT (MySQL, "uuid:n"), GTID_EVENT (MariaDB,
 * "domain-server-seq") into out (>= 80 bytes); WC_NULL for an anonymous one. */
wc_status	wc_binlog_gtid_text(const wc_binlog_event *ev, char *out, size_t outcap,
								wc_error *err);

/* The GTID state a file starts from, as text into out (outcap bytes; out
 * NULL to learn the size): a PREVIOUS_GTIDS_LOG_EVENT (MySQL:
 * "uuid:1-5:7,uuid2:3", the intervals as stored) or a GTID_LIST_EVENT
 * (MariaDB: "domain-server-seq" per entry, in the event's order).  *need is
 * the size with the terminating NUL, also on WC_NULL (an empty set). */
wc_status	wc_binlog_gtid_state_text(const wc_binlog_event *ev, char *out, size_t outcap,
									  size_t *need, wc_error *err);

/* TRANSACTION_PAYLOAD (MySQL 8.0.20+): a compressed run of events.  The
 * body is (type, length, value) fields ended by type 0, then the payload. */
enum
{
	WC_BINLOG_PAYLOAD_ZSTD = 0,
	WC_BINLOG_PAYLOAD_NONE = 255
};

typedef struct wc_binlog_payload
{
	uint64_t	compression;	/* WC_BINLOG_PAYLOAD_* */
	uint64_t	raw_size;		/* size of the events once decompressed */
	const uint8_t *data;		/* the compressed payload */
	size_t		data_len;
	uint64_t	data_offset;	/* absolute offset of data[0] */
} wc_binlog_payload;

wc_status	wc_binlog_payload_decode(const wc_binlog_event *ev, wc_binlog_payload *pl,
									 wc_error *err);

/* The state for reading the events of a decompressed payload: the file's
 * FORMAT_DESCRIPTION settings and GTID, no checksums, offsets from 0. */
void		wc_binlog_payload_state(const wc_binlog_state *outer, wc_binlog_state *inner);

/* ---- TABLE_MAP ---- */

/* A column of a table map.  Names and ENUM/SET value lists are slices of
 * the TABLE_MAP body, which the caller keeps while the map is in use. */
typedef struct wc_binlog_column
{
	uint8_t		type;			/* type in the log (WC_BINLOG_T_*) */
	uint8_t		real_type;		/* ENUM/SET/STRING behind a STRING; else type */
	uint16_t	meta;			/* raw metadata */
	uint32_t	max_len;		/* strings: maximum bytes; ENUM/SET: pack length */
	uint8_t		length_bytes;	/* BLOB/JSON/GEOMETRY: 1-4 */
	uint8_t		precision;		/* NEWDECIMAL */
	uint8_t		scale;			/* NEWDECIMAL */
	uint8_t		fsp;			/* TIME2/DATETIME2/TIMESTAMP2: 0-6 */
	uint8_t		bit_len;		/* BIT: bytes */
	bool		nullable;
	bool		is_unsigned;	/* from SIGNEDNESS */
	bool		visible;		/* from COLUMN_VISIBILITY (true without it) */
	bool		primary_key;
	uint32_t	prefix;			/* primary key prefix length (0: whole) */
	uint32_t	charset;		/* collation id; 0: not in the log */
	uint32_t	geometry_type;
	const uint8_t *name;		/* NULL without COLUMN_NAME */
	size_t		name_len;
	const uint8_t *values;		/* ENUM/SET names: count then lenenc strings */
	uint32_t	nvalues;
	size_t		values_len;
} wc_binlog_column;

typedef struct wc_binlog_table
{
	uint64_t	table_id;
	uint16_t	flags;
	const uint8_t *schema;
	size_t		schema_len;
	const uint8_t *name;
	size_t		name_len;
	uint32_t	ncols;
	wc_binlog_column *cols;		/* the caller's array of ncols */
	bool		has_names;
	bool		has_signedness;
	bool		has_charsets;
	bool		has_enum_values;
	bool		has_set_values;
} wc_binlog_table;

/* Table id and column count of a TABLE_MAP body (to size the columns). */
wc_status	wc_binlog_table_map_peek(const wc_binlog_state *st, const wc_binlog_event *ev,
									 uint64_t *table_id, uint32_t *ncols, wc_error *err);

/* Decode a TABLE_MAP into t, whose cols the caller points at an array of
 * the peeked column count. */
wc_status	wc_binlog_table_map_decode(const wc_binlog_state *st, const wc_binlog_event *ev,
									   wc_binlog_table *t, wc_error *err);

/* ---- row events ---- */

enum
{
	WC_BINLOG_INSERT = 1,
	WC_BINLOG_UPDATE = 2,
	WC_BINLOG_DELETE = 3
};

/* Is type a row event (v1, v2, partial, MariaDB compressed)?  Sets *change
 * (WC_BINLOG_INSERT ...) and *compressed. */
bool		wc_binlog_is_rows_event(unsigned type, int *change, bool *compressed);

typedef struct wc_binlog_rows
{
	int			change;			/* WC_BINLOG_INSERT / UPDATE / DELETE */
	bool		partial;		/* PARTIAL_UPDATE_ROWS_EVENT */
	bool		compressed;		/* MariaDB: rows part compressed */
	uint64_t	table_id;
	uint16_t	flags;
	uint32_t	ncols;
	const uint8_t *cols_before; /* present-columns bitmap of the before (or only) image */
	const uint8_t *cols_after;	/* UPDATE: of the after image */
	const uint8_t *rows;		/* the row images */
	size_t		rows_len;
	uint64_t	rows_offset;	/* absolute offset of rows[0] (compressed: of the record) */
} wc_binlog_rows;

/* Decode a row event's header and bitmaps.  For a MariaDB compressed rows
 * event, rows/rows_len is the compressed record (see
 * wc_binlog_compressed_header); the caller inflates it and points rows at
 * the inflated bytes. */
wc_status	wc_binlog_rows_decode(const wc_binlog_state *st, const wc_binlog_event *ev,
								  wc_binlog_rows *r, wc_error *err);

/* MariaDB's compressed record (QUERY_COMPRESSED text, compressed rows):
 * header byte 0x80|n, n bytes of big-endian uncompressed length, zlib
 * stream.  *raw_len gets the length, *zdata and *zlen the zlib stream. */
wc_status	wc_binlog_compressed_header(const uint8_t *p, size_t len, uint64_t off,
										uint32_t *raw_len, const uint8_t **zdata, size_t *zlen,
										wc_error *err);

/* One value of a row image. */
enum
{
	WC_BINLOG_CELL_ABSENT = 0,	/* not in this image (minimal image) */
	WC_BINLOG_CELL_NULL,
	WC_BINLOG_CELL_VALUE
};

typedef struct wc_binlog_cell
{
	uint8_t		state;
	const uint8_t *p;
	size_t		len;
	uint64_t	offset;			/* absolute */
	bool		partial;		/* PARTIAL_UPDATE_ROWS after image: a JSON column
								 * whose value is a list of diffs (p/len: the
								 * diffs, after their 4-byte length), to apply
								 * to the before image's document */
} wc_binlog_cell;

/*
 * Decode one row image at r->rows[*pos]: fills cells[0 .. t->ncols) and
 * advances *pos.  after selects the after-image bitmap of an UPDATE.  The
 * table must match the event's column count.  Errors name the column
 * (index kind "column") and the type being read.
 */
wc_status	wc_binlog_image_decode(const wc_binlog_rows *r, const wc_binlog_table *t,
								   bool after, size_t *pos, wc_binlog_cell *cells,
								   wc_error *err);

/* ---- partial JSON updates (PARTIAL_UPDATE_ROWS_EVENT) ---- */

/*
 * With binlog_row_value_options=PARTIAL_JSON, the after image of an update
 * starts with value_options (a packed integer, 0 or 1) and, when it is 1, a
 * bitmap of one bit per JSON column of the table (LSB first): the columns
 * whose value is not a document but a list of diffs.  Such a value is a
 * 4-byte length and the diffs: an operation byte, a packed path length, the
 * path (MySQL's JSON path text: $, .member or ."quoted member", [n] or
 * [last-n]), and for REPLACE and INSERT a packed value length and the value
 * as binary JSON.  wc_binlog_image_decode marks such cells partial.
 */
enum
{
	WC_BINLOG_JSON_REPLACE = 0,
	WC_BINLOG_JSON_INSERT = 1,
	WC_BINLOG_JSON_REMOVE = 2
};

typedef struct wc_binlog_json_diff
{
	uint8_t		op;				/* WC_BINLOG_JSON_* */
	const uint8_t *path;		/* the path text, checked (see the legs below) */
	size_t		path_len;
	uint64_t	path_offset;	/* absolute */
	const uint8_t *value;		/* binary JSON; NULL for REMOVE */
	size_t		value_len;
	uint64_t	value_offset;	/* absolute */
} wc_binlog_json_diff;

/* The diff at cell->p[*pos] of a partial cell (*pos from 0 while it is
 * below cell->len): checks the operation, the lengths and the path and
 * advances *pos.  The value is checked when rendered. */
wc_status	wc_binlog_json_diff_next(const wc_binlog_cell *cell, size_t *pos,
									 wc_binlog_json_diff *d, wc_error *err);

/* The operation's name ("REPLACE", ...), or NULL. */
const char *wc_binlog_json_diff_op_name(unsigned op);

/* One leg of a diff's path. */
enum
{
	WC_BINLOG_LEG_END = 0,		/* no more legs */
	WC_BINLOG_LEG_MEMBER,		/* .name or ."name" */
	WC_BINLOG_LEG_INDEX,		/* [n] */
	WC_BINLOG_LEG_LAST			/* [last] or [last-n]: n from the end */
};

typedef struct wc_binlog_json_leg
{
	uint8_t		kind;			/* WC_BINLOG_LEG_* */
	bool		quoted;			/* member: key is JSON string text to unescape */
	const uint8_t *key;			/* member: the name as written (without quotes) */
	size_t		key_len;
	uint32_t	index;			/* INDEX: n; LAST: n of last-n */
	uint64_t	offset;			/* absolute offset of the leg */
} wc_binlog_json_leg;

/* The leg of path[0 .. len) (at absolute offset off) at *pos: *pos is 0 to
 * start (the leading $ is checked then); kind END at the end.  Wildcards,
 * ranges and anything else MySQL's diffs never hold are errors. */
wc_status	wc_binlog_json_path_next(const uint8_t *path, size_t len, uint64_t off,
									 size_t *pos, wc_binlog_json_leg *leg, wc_error *err);

/* A member leg's name as UTF-8 into out (at least leg->key_len bytes; the
 * name never grows); returns its length.  The path was checked, so this
 * cannot fail. */
size_t		wc_binlog_json_leg_key(const wc_binlog_json_leg *leg, uint8_t *out);

/* ---- values as JSON text ---- */

/* A growing output: bytes past cap are counted in len, not written, so a
 * caller renders once into what it has and again into len bytes if needed.
 * Counting stops with WC_BINLOG_TEXT_LIMIT soon after len passes limit (0:
 * no limit): within one element of a document, one column of an image.
 * Once a MySQL JSON document's containers are known not to share bytes
 * (see wc_binlog_mysql_json), the text of a value is at most 6 times its
 * bytes plus a few (doc/mysql_binlog.md, "Bounds"). */
typedef struct wc_binlog_out
{
	uint8_t    *p;
	size_t		cap;
	size_t		len;
	size_t		limit;
} wc_binlog_out;

/* Shortest round-trip formatters (PostgreSQL's double_to_shortest_decimal_buf
 * and float_to_shortest_decimal_buf have this shape); NULL: %.17g / %.9g. */
typedef int (*wc_binlog_double_fn) (double d, char *out);
typedef int (*wc_binlog_float_fn) (float f, char *out);

typedef struct wc_binlog_json_opts
{
	wc_binlog_double_fn fmt_double;
	wc_binlog_float_fn fmt_float;
	/* when not NULL: on an error inside a MySQL JSON document, where in it,
	 * as a JSON path ("$", "$[3]", "$.a[0].\"b c\""), NUL-terminated and cut
	 * to path_cap bytes; "" for an error outside one */
	char	   *path;
	size_t		path_cap;
} wc_binlog_json_opts;

/* Render one value (a VALUE cell) of column col as JSON text. */
wc_status	wc_binlog_value_json(const wc_binlog_column *col, const wc_binlog_cell *cell,
								 const wc_binlog_json_opts *o, wc_binlog_out *out,
								 wc_error *err);

/* ---- values as fields (the JSON text above prints these) ---- */

/* A DECIMAL's digits: precision of them, point of them before the decimal
 * point, and the sign bit (set for a negative zero too). */
typedef struct wc_binlog_decimal
{
	bool		negative;
	uint8_t		ndigits;
	uint8_t		point;
	char		digits[96];
} wc_binlog_decimal;

/* The digits of a NEWDECIMAL value (a VALUE cell), checked as its JSON
 * form is. */
wc_status	wc_binlog_value_decimal(const wc_binlog_column *col, const wc_binlog_cell *cell,
									wc_binlog_decimal *d, wc_error *err);

enum
{
	WC_BINLOG_TEMPORAL_DATE = 1,	/* year, month, day */
	WC_BINLOG_TEMPORAL_DATETIME,	/* and hour .. usec */
	WC_BINLOG_TEMPORAL_TIME		/* negative, hour (0-838) .. usec */
};

/* The fields of a temporal value as its JSON text shows them: usec cut to
 * the fsp digits shown; a TIMESTAMP of 0 is 0000-00-00 00:00:00 (UTC
 * otherwise); year as stored (the text shows its last 4 digits). */
typedef struct wc_binlog_temporal
{
	uint8_t		kind;			/* WC_BINLOG_TEMPORAL_* */
	bool		negative;
	uint8_t		fsp;			/* fraction digits shown (0-6) */
	uint32_t	year;
	uint32_t	month;
	uint32_t	day;
	uint32_t	hour;
	uint32_t	minute;
	uint32_t	second;
	uint32_t	usec;
} wc_binlog_temporal;

/* The fields of a DATE, NEWDATE, TIME, TIME2, DATETIME, DATETIME2,
 * TIMESTAMP or TIMESTAMP2 value (a VALUE cell), checked as its JSON form
 * is; WC_ERR_UNSUPPORTED for another type. */
wc_status	wc_binlog_value_temporal(const wc_binlog_column *col, const wc_binlog_cell *cell,
									 wc_binlog_temporal *t, wc_error *err);

/* Render a row image as a JSON object keyed by column name (or "@n"): absent
 * columns left out, NULL as null.  Errors name the column. */
wc_status	wc_binlog_image_json(const wc_binlog_table *t, const wc_binlog_cell *cells,
								 const wc_binlog_json_opts *o, wc_binlog_out *out,
								 wc_error *err);

/* MySQL's binary JSON document p[0 .. len) as JSON text (off: its absolute
 * offset, for errors).  Containers nest at most 150 deep; within one, keys
 * and values must each lie after the one before (WC_BINLOG_JSON_OVERLAP),
 * so that no byte is rendered twice at one level. */
wc_status	wc_binlog_mysql_json(const uint8_t *p, size_t len, uint64_t off,
								 const wc_binlog_json_opts *o, wc_binlog_out *out,
								 wc_error *err);

/* Decimal text of a packed DECIMAL(precision, scale) of its exact size;
 * returns the number of bytes (0: bad value). */
size_t		wc_binlog_decimal_size(unsigned precision, unsigned scale);

/* Bytes of the length prefix before a value of column c: 1 or 2 for
 * CHAR/VARCHAR (by the column's maximum bytes), 1-4 for BLOB, TEXT, JSON,
 * GEOMETRY and VECTOR (the table map's), 0 for a fixed-size type. */
unsigned	wc_binlog_length_prefix(const wc_binlog_column *c);

#endif							/* WC_MYSQL_BINLOG_H */
