/*
 * row_target.h: typed rows, one layer for every codec that fills (or reads)
 * a PostgreSQL row type from decoded values.
 *
 * Users: mysql_row_populate_record() (mysql_row.c), mysql_conversation_rows()
 * (mysql_conversation_rows.c), the typed mysql_binlog_rows()
 * (mysql_binlog_typed.c), fdb_tuple_populate_record() and fdb_tuple_load()
 * (fdb_tuple_populate.c), the table loaders (table_load.c users), and the
 * CockroachDB key codec (crdb_key.c: crdb_key_populate_record,
 * crdb_key_decode_value and crdb_key_encode_value, whose single values are
 * one-attribute plans, rt_value_type_of), and the FoundationDB packer
 * (fdb_tuple.c: one value plan per argument, rt_record_type_of for a row
 * value of another type than its slot's); fdb_tuple.c and crdb_key.c read
 * numerics for their encoders with rt_numeric_digits_of.
 *
 * Two parts:
 *
 * 1. row_type: a row type argument (or a loader's target table) resolved
 *    once per call site and checked on EVERY call against the type cache's
 *    descriptor identifier of the top row type and of every named row type
 *    nested in it (the watch list): one integer compare per named row type.
 *    A rebuild happens in a memory context of its own that replaces the old
 *    one only when complete (an error part-way leaves the old plan).  Each
 *    attribute is resolved into an rt_attr: declared and base type (domains),
 *    typmod, storage, input function, domain check cache, array element and
 *    nested row type (up to RT_MAX_NESTING levels), its name, and a slot a
 *    codec fills through a resolve callback with its own kind of value, so a
 *    codec keeps its own switch for its fast paths.  Dropped columns are
 *    never counted: live[] maps live column i to its attribute index.
 *
 * 2. Builders: one conversion set from decoded values into an rt_attr's
 *    type, with one wording for range and conversion errors (through the
 *    shared reporter, wc_report_range in wc_report.c), a domain check at the
 *    end for a domain target; and the reverse helper for encoders: a numeric
 *    into sign, digits and scale.
 */
#ifndef WC_ROW_TARGET_H
#define WC_ROW_TARGET_H

#include "compat.h"

#include "access/tupdesc.h"
#include "fmgr.h"
#include "utils/typcache.h"

#define RT_MAX_NESTING 16

struct rt_row;

/* One attribute (or array element) of a target row type. */
typedef struct rt_attr
{
	Oid			typid;			/* as declared (may be a domain) */
	int32		typmod;			/* as declared */
	Oid			base;			/* the domain's base type, else typid */
	int32		basetypmod;		/* its typmod (the declared one if no domain) */
	bool		domain;			/* base != typid: builders check the domain */
	int16		typlen;			/* of base */
	bool		typbyval;
	char		typalign;
	Oid			ioparam;		/* of base's input function */
	FmgrInfo	input;			/* base's input function, in the plan's context */
	void	   *domain_extra;	/* domain_check's cache, in mcxt */
	MemoryContext mcxt;			/* the plan's context */
	const char *name;			/* attribute name (an array element: its
								 * array's) */
	const char *range_name;		/* name, or NULL when the caller's error
								 * context names the column */
	int			attno;			/* 0-based attribute index; -1 element */
	struct rt_attr *elem;		/* base an array: its element (a nested
								 * target: element of a domain over an
								 * array included) */
	struct rt_row *rec;			/* base a named row type: its plan */
	/* the codec's own: set by the resolve callback, zero otherwise */
	int			kind;
	void	   *extra;
} rt_attr;

/* One row type's plan. */
typedef struct rt_row
{
	Oid			typid;
	int32		typmod;
	TupleDesc	tupdesc;		/* a copy, in the plan's context */
	int			natts;
	int			nlive;			/* attributes not dropped */
	int		   *live;			/* live column i -> attribute index */
	rt_attr    *atts;			/* natts long; dropped ones zero */
	Datum	   *values;			/* work arrays, natts long */
	bool	   *nulls;
} rt_row;

/* A named row type the plan was built from. */
typedef struct rt_watch
{
	TypeCacheEntry *tce;
	uint64		tupdesc_id;
} rt_watch;

/*
 * The codec's resolve callback, called once per attribute and array
 * element when a plan is (re)built, in the plan's context (allocate there
 * what a->extra points to).  level is the nesting depth (0: the top row's
 * attributes).  It may raise an error (an unsupported type): the rebuild
 * is then abandoned and the old plan, if any, stays.
 */
typedef void (*rt_resolve_fn) (rt_attr *a, int level, void *arg);

/*
 * A row type cached per call site.  Zero-initialise it; set resolve and
 * resolve_arg before the first check if the codec keeps kinds.  The
 * fields after cxt are the current plan (valid after a check), the top
 * row's mirrored for brevity.
 */
typedef struct row_type
{
	Oid			rectype;
	TypeCacheEntry *tce;
	rt_resolve_fn resolve;
	void	   *resolve_arg;
	bool		name_columns;	/* range errors name the column in their
								 * detail (false: the codec's error context
								 * does) */
	MemoryContext cxt;			/* holds the plan */
	rt_row	   *top;
	rt_watch   *watch;			/* top first */
	int			nwatch;
	/* top's, mirrored */
	TupleDesc	tupdesc;
	rt_attr    *atts;
	Datum	   *values;
	bool	   *nulls;
	int			nlive;
} row_type;

/*
 * Resolve argument argno of fcinfo (argname in messages: 42804 unless a
 * composite type) once, then check every watched descriptor; returns true
 * when the plan was (re)built (a codec drops what it derived from it).
 */
extern bool row_type_check(row_type *t, FunctionCallInfo fcinfo, int argno,
						   const char *argname);

/*
 * The same for a row type known by its OID (a loader's target table): the
 * plan is rebuilt when rectype differs from the one it holds.  fn_mcxt is
 * the call site's context, which the plan lives under.
 */
extern bool row_type_of(row_type *t, Oid rectype, MemoryContext fn_mcxt);

/* Has any watched descriptor changed since the plan was built? */
static inline bool
row_type_stale(const row_type *t)
{
	for (int i = 0; i < t->nwatch; i++)
		if (t->watch[i].tce->tupDesc_identifier != t->watch[i].tupdesc_id)
			return true;
	return t->top == NULL;
}

/* ---------------------------------------------------------------- builders
 *
 * Every builder converts into a's type (its base, then the domain check for
 * a domain), allocating in the current memory context.  Out-of-range values
 * are 22003 "value X is out of range for type T", the column named in the
 * detail when a->name is not empty (wc_report_range).
 */

/* Through the base type's input function (jsonb's parse cancellable). */
extern Datum rt_from_cstring(const rt_attr *a, char *s);

/* An integer, signed or as sign and magnitude (-v when negative). */
extern Datum rt_from_int64(const rt_attr *a, int64 v);
extern Datum rt_from_uint64(const rt_attr *a, bool negative, uint64 v);

/* A decimal: unscaled magnitude v (any uint64), sign and scale (digits
 * after the point, >= 0); or its digit string ("0".."9", ndigits long). */
extern Datum rt_from_decimal(const rt_attr *a, bool negative, uint64 v, int scale);
extern Datum rt_from_decimal_digits(const rt_attr *a, bool negative, const char *digits,
									int ndigits, int scale);

/* Floating point values. */
extern Datum rt_from_float4(const rt_attr *a, float4 f);
extern Datum rt_from_float8(const rt_attr *a, float8 d);

/*
 * Text bytes in a source encoding.  Resolve the encoding once per column
 * with rt_encoding_init (the conversion's FmgrInfo in the current context);
 * rt_from_text checks the bytes (no 0x00, valid in the source encoding),
 * converts them to the database encoding and builds text/varchar/bpchar
 * (typmod applied)/name, or passes the text to the input function.  A
 * bytea target takes the bytes as they are.
 */
typedef struct rt_encoding
{
	int			src;			/* PostgreSQL encoding; -1: none converts it */
	FmgrInfo   *conv;			/* NULL: none needed, or none found (the
								 * conversion then names the error) */
} rt_encoding;

extern void rt_encoding_init(rt_encoding *e, int src_enc, const rt_attr *a);
extern Datum rt_from_text(const rt_attr *a, const rt_encoding *e, const uint8 *p, size_t n);

/* Bytes into bytea (or through the input function of their text form). */
extern Datum rt_from_bytes(const rt_attr *a, const uint8 *p, size_t n);

/*
 * A bit string of nbits bits, the last nbits of the big-endian bytes p[0..n):
 * into bit/varbit, or into a number as the bits' unsigned value (at most 64
 * bits).
 */
extern Datum rt_from_bits(const rt_attr *a, const uint8 *p, size_t n, size_t nbits);

/*
 * Temporal fields (a proleptic Gregorian calendar, year 0 = 1 BC).
 * rt_from_datetime: a date (date_only) or a date and time, local, or UTC
 * (utc: a timestamptz target takes it as such); all-zero date: *isnull.
 * rt_from_time: a signed duration (days, hours, ...) into time/timetz
 * (a time of day) or interval (or anything through its text); what names
 * the source type in the error for a duration that is no time of day.
 */
typedef struct rt_datetime
{
	uint32		year;
	uint32		month;
	uint32		day;
	uint32		hour;
	uint32		minute;
	uint32		second;
	uint32		microsecond;
} rt_datetime;

typedef struct rt_duration
{
	bool		negative;
	uint64		days;
	uint32		hour;
	uint32		minute;
	uint32		second;
	uint32		microsecond;
} rt_duration;

extern Datum rt_from_datetime(const rt_attr *a, const rt_datetime *dt, bool date_only,
							  bool utc, bool *isnull);
extern Datum rt_from_time(const rt_attr *a, const rt_duration *t, const char *what);

/* A domain target's check on a built base value (no-op otherwise: one
 * test inline, no call). */
extern void rt_domain_check_value(const rt_attr *a, Datum d, bool isnull);

static inline Datum
rt_domain_check(const rt_attr *a, Datum d, bool isnull)
{
	if (unlikely(a->domain))
		rt_domain_check_value(a, d, isnull);
	return d;
}

/* ------------------------------------------------------------- reverse */

/*
 * A numeric (finite) into sign, decimal digits and scale: the value is
 * (-1)^negative * digits * 10^-scale, digits without leading zeros ("0"
 * for zero, scale then the numeric's dscale).  digits is palloc'd, NUL
 * terminated.  Returns false for NaN and infinities (nothing set).
 */
typedef struct rt_numeric_digits
{
	bool		negative;
	char	   *digits;
	int			ndigits;
	int			scale;
} rt_numeric_digits;

extern bool rt_numeric_digits_of(Datum num, rt_numeric_digits *out);

/* ------------------------------------------------------- count mismatch */

/*
 * A decoded value whose parts do not match the row type's columns one to
 * one (22023), one wording for every codec: "<what> has <n> <unit>, the row
 * type <rowtype> has <ncolumns> columns" (singular for one), the detail
 * naming the first part without a column or the first column without a
 * part.  what: "the tuple", "the key", ...; unit plural: "elements".
 */
extern void rt_report_count(const char *what, const char *unit, int64 n, Oid rowtype,
							int ncolumns) WC_NORETURN;

/* The same with a sentence on where (appended to the detail) and a hint;
 * either may be NULL. */
extern void rt_report_count_at(const char *what, const char *unit, int64 n, Oid rowtype,
							   int ncolumns, const char *where, const char *hint) WC_NORETURN;

/* ------------------------------------------------------- single values
 *
 * A value of any type (not only a row type): a CockroachDB key element, say.
 * The plan is a one-attribute top row whose atts[0] is the value's rt_attr
 * (name NULL, tupdesc NULL), rebuilt when typid or typmod differ from the
 * ones it holds or when a named row type in it (the value's own, a domain's
 * base, an array's element) changed; the resolve callback sees it at level
 * 0.
 */
extern bool rt_value_type_of(row_type *t, Oid typid, int32 typmod, MemoryContext fn_mcxt);

/* ---------------------------------------------------------- row values
 *
 * The plan of a row value's own type (HeapTupleHeaderGetTypeId/TypMod of
 * the value): a named row type, or an anonymous record registered under
 * RECORDOID and a typmod, whose top is that row (atts its columns, level
 * 0 to the resolve callback).  Rebuilt when typid or typmod differ from
 * the ones it holds or when a named row type in it changed.
 */
extern bool rt_record_type_of(row_type *t, Oid typid, int32 typmod, MemoryContext fn_mcxt);

#endif							/* WC_ROW_TARGET_H */
