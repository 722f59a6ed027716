/*
 * mysql_statement.c: the lexer and classifier of statements logged as text
 * (see mysql_statement.h).
 *
 * The lexer reads one token at a time from a cursor: white space and
 * comments are skipped, version comments are entered and left as if their
 * markers were blanks.  Wherever it would have to look past the end of a
 * prefix it returns T_MORE instead, and every token that reaches the end
 * of a prefix is T_MORE too (a word, a quoted name or even a '*' may go on
 * in the bytes not read yet), so a decision never rests on bytes it has
 * not seen.
 *
 * Above it, classify dispatches on the verb to one function per verb; the
 * two iterators are small state machines whose state is the cursor's mode
 * (tables) or spec (ALTER specifications), one function per state under a
 * dispatcher, as in mysql_conversation.c.  A state function returns WC_OK
 * (an item), WC_NULL (the end), AGAIN (call the dispatcher again), MORE or
 * UNKNOWN; the public functions work on a copy of the cursor and keep it
 * only when a state function did not run out of bytes.
 */
#include "mysql_statement.h"

const char *const wc_stmt_kind_names[] = {
	"other", "alter", "rename", "truncate", "drop", "create", "index",
	"insert", "replace", "update", "delete", "load", "unknown"
};

const char *const wc_stmt_spec_kind_names[] = {
	"other", "add", "drop", "modify", "change", "rename_column",
	"rename_index", "rename_table", "exchange"
};

/* A state function's "call the dispatcher again": not a status. */
#define AGAIN ((wc_status) -1)
#define MORE WC_STMT_NEED_MORE
#define UNKNOWN WC_STMT_UNKNOWN_TABLE

/* Token types. */
enum
{
	T_END,						/* the end of a whole statement */
	T_MORE,						/* the end of a prefix: more bytes needed */
	T_BAD,						/* a string or quoted name without its end */
	T_WORD,						/* a bare word: keyword, name or number */
	T_BACKTICK,					/* `name` */
	T_DQUOTE,					/* "string", or "name" under ANSI_QUOTES */
	T_STRING,					/* 'string' */
	T_PUNCT						/* one other byte */
};

typedef struct tok
{
	int			type;
	size_t		off;
	size_t		len;
	char		c;				/* T_PUNCT: the byte */
} tok;

/* The text being read, and the last token read (peeks read one twice). */
typedef struct lx
{
	const char *s;
	size_t		len;
	bool		complete;
	uint64_t	modes;
	uint64_t	steps;
	size_t		stop;			/* MORE, UNKNOWN: where */
	bool		more;			/* accept() ran out of bytes */
	bool		cached;
	size_t		cache_pos;
	uint8_t		cache_version;
	size_t		cache_end;
	uint8_t		cache_end_version;
	tok			cache;
} lx;

static void
lx_init(lx *x, const char *s, size_t len, bool complete, uint64_t modes)
{
	memset(x, 0, sizeof(*x));
	x->s = s;
	x->len = len;
	x->complete = complete;
	x->modes = modes;
}

/* ---- the lexer ---- */

static inline bool
ident_byte(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		(ch >= '0' && ch <= '9') || ch == '_' || ch == '$' || ch >= 0x80;
}

static inline bool
blank_byte(unsigned char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v';
}

/* Record that the prefix ran out at off; false, for `return more(...)`. */
static bool
more(lx *x, size_t off)
{
	x->stop = off;
	return false;
}

/* A byte loop's check for a cancel, every WC_INTERRUPT_BYTES bytes. */
static inline void
byte_check(size_t i)
{
	if ((i & (WC_INTERRUPT_BYTES - 1)) == 0)
		wc_check_interrupts();
}

/* Past the end of a comment that runs to the end of the line (from: after
 * its marker, at: its start). */
static bool
line_comment(lx *x, wc_stmt_cursor *c, size_t at, size_t from)
{
	const char *nl = wc_memchr_checked(x->s + from, '\n', x->len - from);

	if (nl)
		c->pos = (size_t) (nl - x->s) + 1;
	else if (!x->complete)
		return more(x, at);
	else
		c->pos = x->len;
	return true;
}

/* Past the end of a comment from its "/" "*" at `at`; a comment left open
 * at the end of a whole statement ends there. */
static bool
block_comment(lx *x, wc_stmt_cursor *c, size_t at)
{
	for (size_t i = at + 2; i + 1 < x->len; i++)
	{
		byte_check(i);
		if (x->s[i] == '*' && x->s[i + 1] == '/')
		{
			c->pos = i + 2;
			return true;
		}
	}
	if (!x->complete)
		return more(x, at);
	c->pos = x->len;
	return true;
}

/* Into a version comment: its digits (whatever version) are passed over. */
static bool
version_comment(lx *x, wc_stmt_cursor *c, size_t at, size_t from)
{
	while (from < x->len && x->s[from] >= '0' && x->s[from] <= '9')
		from++;
	if (from >= x->len && !x->complete)
		return more(x, at);
	c->version = 1;
	c->pos = from;
	return true;
}

/* What starts with '/' or '-' at p: a comment (skipped: 1), a token (0), or
 * the end of the prefix (-1). */
static int
comment_at(lx *x, wc_stmt_cursor *c, size_t p)
{
	const char *s = x->s;
	size_t		n = x->len;

	if (p + 1 >= n)
		return x->complete ? 0 : (more(x, p), -1);
	if (s[p] == '-')
	{
		if (s[p + 1] != '-')
			return 0;
		/* "--" then a blank or a control byte, or "--" at the very end */
		if (p + 2 >= n)
			return x->complete ? (c->pos = n, 1) : (more(x, p), -1);
		if ((unsigned char) s[p + 2] > ' ' && s[p + 2] != 0x7f)
			return 0;
		return line_comment(x, c, p, p + 2) ? 1 : -1;
	}
	if (s[p + 1] != '*')
		return 0;
	if (p + 2 < n && s[p + 2] == '!')
		return version_comment(x, c, p, p + 3) ? 1 : -1;
	if (p + 3 < n && s[p + 2] == 'M' && s[p + 3] == '!')
		return version_comment(x, c, p, p + 4) ? 1 : -1;
	if (p + 3 >= n && !x->complete)
		return more(x, p), -1;
	return block_comment(x, c, p) ? 1 : -1;
}

/* Skip white space and comments; false when the prefix ends inside them. */
static bool
skip_blank(lx *x, wc_stmt_cursor *c)
{
	while (c->pos < x->len)
	{
		size_t		p = c->pos;
		unsigned char ch = (unsigned char) x->s[p];
		int			r;

		byte_check(p);
		if (blank_byte(ch))
			c->pos++;
		else if (ch == '#')
		{
			if (!line_comment(x, c, p, p + 1))
				return false;
		}
		else if (ch == '/' || ch == '-')
		{
			if ((r = comment_at(x, c, p)) <= 0)
				return r == 0;
		}
		else if (ch == '*' && c->version && p + 1 < x->len && x->s[p + 1] == '/')
		{
			c->version = 0;
			c->pos = p + 2;
		}
		else
			return true;
	}
	return true;
}

/* The end of a string or quoted name opened at p (one past its closing
 * quote), or 0 when it does not end within the text. */
static size_t
quoted_end(const lx *x, size_t p, char q)
{
	bool		escapes = q != '`' && !(x->modes & WC_STMT_NO_BACKSLASH_ESCAPES) &&
		!(q == '"' && (x->modes & WC_STMT_ANSI_QUOTES));

	for (size_t i = p + 1; i < x->len; i++)
	{
		byte_check(i);
		if (escapes && x->s[i] == '\\')
			i++;
		else if (x->s[i] == q)
		{
			if (i + 1 < x->len && x->s[i + 1] == q)
				i++;
			else
				return i + 1;
		}
	}
	return 0;
}

/* Read one token at c (not cached). */
static int
lex(lx *x, wc_stmt_cursor *c, tok *t)
{
	size_t		p,
				e;
	unsigned char ch;

	memset(t, 0, sizeof(*t));
	if (!skip_blank(x, c))
		return t->off = x->stop, t->type = T_MORE;
	p = t->off = c->pos;
	if (p >= x->len)
		return x->complete ? (t->type = T_END) : (x->stop = p, t->type = T_MORE);
	ch = (unsigned char) x->s[p];
	if (ident_byte(ch))
	{
		for (e = p; e < x->len && ident_byte((unsigned char) x->s[e]); e++)
			byte_check(e);
		t->type = T_WORD;
	}
	else if (ch == '\'' || ch == '"' || ch == '`')
	{
		e = quoted_end(x, p, (char) ch);
		t->type = ch == '`' ? T_BACKTICK : ch == '"' ? T_DQUOTE : T_STRING;
		if (e == 0)
		{
			e = x->len;
			t->type = T_BAD;
		}
	}
	else
	{
		e = p + 1;
		t->type = T_PUNCT;
		t->c = (char) ch;
	}
	if (e >= x->len && !x->complete)
		return x->stop = p, t->type = T_MORE;
	t->len = e - p;
	c->pos = e;
	return t->type;
}

/* The next token at c, c moved past it. */
static int
next(lx *x, wc_stmt_cursor *c, tok *t)
{
	if (x->cached && x->cache_pos == c->pos && x->cache_version == c->version)
	{
		*t = x->cache;
		c->pos = x->cache_end;
		c->version = x->cache_end_version;
		if (t->type == T_MORE)
			x->stop = t->off;
		return t->type;
	}
	wc_check_interrupts_every(++x->steps, WC_INTERRUPT_STRIDE);
	x->cache_pos = c->pos;
	x->cache_version = c->version;
	lex(x, c, &x->cache);
	x->cache_end = c->pos;
	x->cache_end_version = c->version;
	x->cached = true;
	*t = x->cache;
	return t->type;
}

/* The next token, c unmoved. */
static int
peek(lx *x, const wc_stmt_cursor *c, tok *t)
{
	wc_stmt_cursor d = *c;

	return next(x, &d, t);
}

/* Is t the keyword w (upper case)? */
static bool
kw(const lx *x, const tok *t, const char *w)
{
	size_t		n = strlen(w);

	if (t->type != T_WORD || t->len != n)
		return false;
	for (size_t i = 0; i < n; i++)
	{
		char		ch = x->s[t->off + i];

		if ((ch >= 'a' && ch <= 'z' ? ch - 32 : ch) != w[i])
			return false;
	}
	return true;
}

/* Is t one of the keywords of the NULL-terminated list? */
static bool
kw_in(const lx *x, const tok *t, const char *const *list)
{
	for (; *list; list++)
		if (kw(x, t, *list))
			return true;
	return false;
}

/* Consume the keyword w when it comes next (x->more when the prefix ends). */
static bool
accept(lx *x, wc_stmt_cursor *c, const char *w)
{
	wc_stmt_cursor d = *c;
	tok			t;

	if (next(x, &d, &t) == T_MORE)
		x->more = true;
	if (!kw(x, &t, w))
		return false;
	*c = d;
	return true;
}

/* Consume the byte ch when it comes next as a token. */
static bool
accept_punct(lx *x, wc_stmt_cursor *c, char ch)
{
	wc_stmt_cursor d = *c;
	tok			t;

	if (next(x, &d, &t) == T_MORE)
		x->more = true;
	if (t.type != T_PUNCT || t.c != ch)
		return false;
	*c = d;
	return true;
}

/* Consume IF [NOT] EXISTS when it comes next. */
static void
accept_if_exists(lx *x, wc_stmt_cursor *c)
{
	if (accept(x, c, "IF"))
	{
		accept(x, c, "NOT");
		accept(x, c, "EXISTS");
	}
}

/* Can t name a table or column? */
static bool
is_name(const lx *x, const tok *t)
{
	return t->type == T_WORD || t->type == T_BACKTICK ||
		(t->type == T_DQUOTE && (x->modes & WC_STMT_ANSI_QUOTES));
}

static wc_stmt_token
token_of(const tok *t)
{
	wc_stmt_token r = {t->off, t->len, t->type == T_WORD ? 0 : t->type == T_BACKTICK ? '`' : '"'};

	return r;
}

static wc_status
unknown(lx *x, size_t off)
{
	x->stop = off;
	return UNKNOWN;
}

/* Skip the tokens of a parenthesis whose '(' was just read, to past its ')'. */
static wc_status
skip_parens(lx *x, wc_stmt_cursor *c)
{
	size_t		depth = 1;
	tok			t;

	while (depth > 0)
	{
		int			ty = next(x, c, &t);

		if (ty == T_MORE)
			return MORE;
		if (ty == T_END || ty == T_BAD)
			return unknown(x, t.off);
		if (ty == T_PUNCT && t.c == '(')
			depth++;
		else if (ty == T_PUNCT && t.c == ')')
			depth--;
	}
	return WC_OK;
}

/* Skip tokens, parentheses whole, to past the first keyword of words
 * outside them (a word after a '.' is a name, never a keyword). */
static wc_status
skip_to(lx *x, wc_stmt_cursor *c, const char *const *words)
{
	bool		after_dot = false;
	tok			t;

	for (;;)
	{
		int			ty = next(x, c, &t);
		wc_status	r;

		if (ty == T_MORE)
			return MORE;
		if (ty == T_END || ty == T_BAD || (ty == T_PUNCT && t.c == ';'))
			return unknown(x, t.off);
		if (!after_dot && kw_in(x, &t, words))
			return WC_OK;
		if (ty == T_PUNCT && t.c == '(' && (r = skip_parens(x, c)) != WC_OK)
			return r;
		after_dot = ty == T_PUNCT && t.c == '.';
	}
}

/* A name (a column's, an index's, a database's), required. */
static wc_status
read_ident(lx *x, wc_stmt_cursor *c, wc_stmt_token *out)
{
	tok			a;

	if (next(x, c, &a) == T_MORE)
		return MORE;
	if (!is_name(x, &a))
		return unknown(x, a.off);
	*out = token_of(&a);
	return WC_OK;
}

/* A table name: name, db.name (white space around the dot allowed), and
 * name.* or db.name.* as DELETE's targets write them. */
static wc_status
read_name(lx *x, wc_stmt_cursor *c, wc_stmt_table *tab)
{
	wc_stmt_cursor d;
	tok			a,
				dot,
				b;

	memset(tab, 0, sizeof(*tab));
	if (next(x, c, &a) == T_MORE)
		return MORE;
	if (!is_name(x, &a))
		return unknown(x, a.off);
	tab->name = token_of(&a);
	d = *c;
	if (next(x, &d, &dot) == T_MORE)
		return MORE;
	if (dot.type != T_PUNCT || dot.c != '.')
		return WC_OK;
	if (next(x, &d, &b) == T_MORE)
		return MORE;
	if (b.type == T_PUNCT && b.c == '*')
	{
		*c = d;
		return WC_OK;
	}
	if (!is_name(x, &b))
		return unknown(x, b.off);
	tab->has_db = true;
	tab->db = tab->name;
	tab->name = token_of(&b);
	*c = d;
	return WC_OK;
}

/* ---- the table iterator: one function per state ---- */

enum
{
	TM_DONE,					/* no more tables */
	TM_UNKNOWN,					/* the rest cannot be read */
	TM_NAME,					/* one table name, the last */
	TM_NAME_LIST,				/* a name, then TM_LIST_NEXT */
	TM_LIST_NEXT,				/* ',' and c->clause again, or the end */
	TM_RENAME_OLD,				/* RENAME TABLE's old name */
	TM_RENAME_NEW,				/* [WAIT n | NOWAIT] TO new name */
	TM_FACTOR,					/* a table reference */
	TM_AFTER,					/* what follows a table reference */
	TM_DEL_TARGETS,				/* DELETE t1, t2 ... up to FROM */
	TM_LOAD,					/* LOAD DATA ... up to INTO TABLE */
	TM_DATABASE,				/* DROP DATABASE's name */
	TM_ALTER_NAME,				/* ALTER TABLE's table */
	TM_ALTER_SPECS,				/* its RENAME and EXCHANGE specifications */
	TM_COUNT
};

/* What ends a list of table references (c->clause in TM_FACTOR/TM_AFTER). */
enum
{
	C_SET,						/* UPDATE's: SET */
	C_DEL_FROM,					/* DELETE FROM's: WHERE, ORDER, LIMIT, RETURNING;
								 * USING starts the table references */
	C_DEL_REFS					/* multi-table DELETE's: WHERE, ORDER, LIMIT,
								 * RETURNING */
};

/* The ALTER TABLE specification iterator's states (c->spec). */
enum
{
	SM_DONE,
	SM_BAD,						/* a specification that cannot be read */
	SM_START,					/* at the table's name */
	SM_AFTER_NAME,				/* MariaDB's WAIT n | NOWAIT, then SM_HEAD */
	SM_HEAD,					/* at the start of a specification */
	SM_REST						/* inside one, past its names */
};

typedef wc_status (*table_fn) (lx *x, wc_stmt_cursor *c, wc_stmt_table *t);

static wc_status spec_next(lx *x, wc_stmt_cursor *c, wc_stmt_spec *sp);

static wc_status
tm_done(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	(void) x, (void) c, (void) t;
	return WC_NULL;
}

static wc_status
tm_unknown(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	(void) t;
	return unknown(x, c->pos);
}

/* The states that read one table name, and the state after it. */
static const uint8_t after_name[TM_COUNT] = {
	[TM_NAME] = TM_DONE,
	[TM_NAME_LIST] = TM_LIST_NEXT,
	[TM_RENAME_OLD] = TM_RENAME_NEW,
	[TM_ALTER_NAME] = TM_ALTER_SPECS,
};

static wc_status
tm_name(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	wc_status	r = read_name(x, c, t);

	if (r != WC_OK)
		return r;
	if (c->mode == TM_ALTER_NAME)
		c->spec = SM_AFTER_NAME;
	c->mode = after_name[c->mode];
	return WC_OK;
}

static wc_status
tm_list_next(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	(void) t;
	if (accept_punct(x, c, ','))
	{
		c->mode = c->clause;
		return AGAIN;
	}
	if (x->more)
		return MORE;
	c->mode = TM_DONE;
	return WC_NULL;
}

static wc_status
tm_rename_new(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	tok			n;
	wc_status	r;

	if (accept(x, c, "WAIT") && next(x, c, &n) == T_MORE)
		return MORE;
	accept(x, c, "NOWAIT");
	if (!accept(x, c, "TO"))
		return x->more ? MORE : unknown(x, c->pos);
	if ((r = read_name(x, c, t)) != WC_OK)
		return r;
	t->new_name = true;
	c->mode = TM_LIST_NEXT;
	c->clause = TM_RENAME_OLD;
	return WC_OK;
}

/* A table reference: a name (yielded), a group "(" of references, a
 * derived table or table function (skipped: neither can be written). */
static wc_status
tm_factor(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	static const char *const query[] = {"SELECT", "WITH", "VALUES", "TABLE", NULL};
	wc_stmt_cursor d = *c;
	tok			a,
				b;
	wc_status	r;
	int			ty = next(x, &d, &a);

	if (ty == T_MORE)
		return MORE;
	if (kw(x, &a, "LATERAL"))
	{
		if (!accept_punct(x, &d, '('))
			return x->more ? MORE : unknown(x, d.pos);
		*c = d;
		c->mode = TM_AFTER;
		return (r = skip_parens(x, c)) == WC_OK ? AGAIN : r;
	}
	if (ty == T_PUNCT && a.c == '(')
	{
		if (peek(x, &d, &b) == T_MORE)
			return MORE;
		*c = d;
		if (!kw_in(x, &b, query))
			return c->depth++, AGAIN;
		c->mode = TM_AFTER;
		return (r = skip_parens(x, c)) == WC_OK ? AGAIN : r;
	}
	if ((r = read_name(x, c, t)) != WC_OK)
		return r;
	c->mode = TM_AFTER;
	if (accept_punct(x, c, '('))
		return (r = skip_parens(x, c)) == WC_OK ? AGAIN : r;
	return x->more ? MORE : WC_OK;
}

/* The end of the table references' words (at the end or a ';'). */
static wc_status
refs_end(lx *x, wc_stmt_cursor *c, const tok *t)
{
	if (c->clause == C_SET || c->depth > 0)
		return unknown(x, t->off);
	c->mode = TM_DONE;
	return WC_NULL;
}

/* Words after a table reference, up to the next reference (',' or JOIN)
 * or the end of the list: aliases, PARTITION (...), index hints (whose
 * FOR JOIN and FOR ORDER BY neither join nor end), ON conditions,
 * USING (...), the ')' of a group. */
static wc_status
tm_after(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	static const char *const del_end[] = {"WHERE", "ORDER", "LIMIT", "RETURNING", NULL};
	bool		after_dot = false,
				after_for = false;
	tok			a;

	(void) t;
	for (;;)
	{
		int			ty = next(x, c, &a);
		bool		word = ty == T_WORD && !after_dot;
		wc_status	r;

		if (ty == T_MORE)
			return MORE;
		if (ty == T_END || (ty == T_PUNCT && a.c == ';'))
			return refs_end(x, c, &a);
		if (ty == T_BAD || (ty == T_PUNCT && a.c == ')' && c->depth == 0))
			return unknown(x, a.off);
		if (ty == T_PUNCT && a.c == ')')
			c->depth--;
		else if (ty == T_PUNCT && a.c == '(' && (r = skip_parens(x, c)) != WC_OK)
			return r;
		else if ((ty == T_PUNCT && a.c == ',') ||
				 (word && !after_for && (kw(x, &a, "JOIN") || kw(x, &a, "STRAIGHT_JOIN"))))
			return c->mode = TM_FACTOR, AGAIN;
		else if (word && c->depth == 0 && c->clause == C_SET && kw(x, &a, "SET"))
			return c->mode = TM_DONE, WC_NULL;
		else if (word && !after_for && c->depth == 0 && c->clause != C_SET && kw_in(x, &a, del_end))
			return c->mode = TM_DONE, WC_NULL;
		else if (word && c->depth == 0 && c->clause == C_DEL_FROM && kw(x, &a, "USING"))
			return c->clause = C_DEL_REFS, c->mode = TM_FACTOR, AGAIN;
		after_dot = ty == T_PUNCT && a.c == '.';
		after_for = word && kw(x, &a, "FOR");
	}
}

static wc_status
tm_del_targets(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	static const char *const from[] = {"FROM", NULL};
	wc_status	r = skip_to(x, c, from);

	(void) t;
	if (r != WC_OK)
		return r;
	c->mode = TM_FACTOR;
	c->clause = C_DEL_REFS;
	return AGAIN;
}

static wc_status
tm_load(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	static const char *const into[] = {"INTO", NULL};
	wc_status	r = skip_to(x, c, into);

	(void) t;
	if (r != WC_OK)
		return r;
	if (!accept(x, c, "TABLE"))
		return x->more ? MORE : unknown(x, c->pos);
	c->mode = TM_NAME;
	return AGAIN;
}

static wc_status
tm_database(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	wc_status	r = read_ident(x, c, &t->db);

	if (r != WC_OK)
		return r;
	t->has_db = t->whole_db = true;
	c->mode = TM_DONE;
	return WC_OK;
}

/* The tables an ALTER TABLE's specifications name: RENAME's new name and
 * EXCHANGE PARTITION's table. */
static wc_status
tm_alter_specs(lx *x, wc_stmt_cursor *c, wc_stmt_table *t)
{
	wc_stmt_spec sp;
	wc_status	r = spec_next(x, c, &sp);

	if (r == WC_NULL)
		c->mode = TM_DONE;
	if (r == WC_ERR_SYNTAX)
		return UNKNOWN;
	if (r != WC_OK)
		return r;
	if (sp.kind != WC_STMT_SPEC_RENAME_TABLE && sp.kind != WC_STMT_SPEC_EXCHANGE)
		return AGAIN;
	*t = sp.table;
	t->new_name = sp.kind == WC_STMT_SPEC_RENAME_TABLE;
	return WC_OK;
}

static const table_fn table_phases[TM_COUNT] = {
	[TM_DONE] = tm_done,
	[TM_UNKNOWN] = tm_unknown,
	[TM_NAME] = tm_name,
	[TM_NAME_LIST] = tm_name,
	[TM_LIST_NEXT] = tm_list_next,
	[TM_RENAME_OLD] = tm_name,
	[TM_RENAME_NEW] = tm_rename_new,
	[TM_FACTOR] = tm_factor,
	[TM_AFTER] = tm_after,
	[TM_DEL_TARGETS] = tm_del_targets,
	[TM_LOAD] = tm_load,
	[TM_DATABASE] = tm_database,
	[TM_ALTER_NAME] = tm_name,
	[TM_ALTER_SPECS] = tm_alter_specs,
};

wc_status
wc_stmt_next_table(const char *s, size_t len, bool complete, wc_stmt *st,
				   wc_stmt_table *t, wc_error *err)
{
	lx			x;
	wc_stmt_cursor c = st->tables;
	wc_status	r;

	lx_init(&x, s, len, complete, st->modes);
	memset(t, 0, sizeof(*t));
	if (c.mode >= TM_COUNT || c.pos > len)
		return wc_fail(err, WC_ERR_PARAMETER, c.pos);
	do
	{
		x.more = false;
		r = table_phases[c.mode] (&x, &c, t);
	} while (r == AGAIN);
	if (r == MORE)
		return wc_fail(err, MORE, x.stop);
	/* a statement that changes tables and names none: which, is not known */
	if (r == WC_NULL && !c.named && st->kind != WC_STMT_OTHER)
	{
		r = UNKNOWN;
		x.stop = c.pos;
	}
	if (r == WC_OK)
		c.named = 1;
	if (r == UNKNOWN)
	{
		c.mode = TM_UNKNOWN;
		c.pos = x.stop;
		st->tables = c;
		return wc_fail(err, UNKNOWN, x.stop);
	}
	st->tables = c;
	return r;
}

/* ---- ALTER TABLE specifications ---- */

/* ADD and DROP: of a column, or (without COLUMN) of what a keyword names. */
static wc_status
spec_add_drop(lx *x, wc_stmt_cursor *c, wc_stmt_spec *sp)
{
	static const char *const not_column[] = {
		"INDEX", "KEY", "UNIQUE", "PRIMARY", "FOREIGN", "CONSTRAINT", "FULLTEXT",
		"SPATIAL", "CHECK", "PARTITION", "PERIOD", "SYSTEM", "VECTOR", NULL
	};
	bool		column = accept(x, c, "COLUMN");
	tok			a;

	accept_if_exists(x, c);
	if (peek(x, c, &a) == T_MORE || x->more)
		return MORE;
	if (!column && kw_in(x, &a, not_column))
		return WC_OK;
	sp->column = true;
	if (sp->kind == WC_STMT_SPEC_ADD && a.type == T_PUNCT && a.c == '(')
		return WC_OK;
	return read_ident(x, c, &sp->a);
}

/* MODIFY [COLUMN] [IF EXISTS] c, CHANGE [COLUMN] [IF EXISTS] old new. */
static wc_status
spec_modify_change(lx *x, wc_stmt_cursor *c, wc_stmt_spec *sp)
{
	wc_status	r;

	accept(x, c, "COLUMN");
	accept_if_exists(x, c);
	if (x->more)
		return MORE;
	sp->column = true;
	if ((r = read_ident(x, c, &sp->a)) != WC_OK || sp->kind == WC_STMT_SPEC_MODIFY)
		return r;
	return read_ident(x, c, &sp->b);
}

/* RENAME COLUMN a TO b, RENAME INDEX|KEY a TO b, RENAME [TO|AS] t. */
static wc_status
spec_rename(lx *x, wc_stmt_cursor *c, wc_stmt_spec *sp)
{
	wc_status	r;

	if (accept(x, c, "COLUMN"))
	{
		sp->kind = WC_STMT_SPEC_RENAME_COLUMN;
		sp->column = true;
	}
	else if (accept(x, c, "INDEX") || accept(x, c, "KEY"))
		sp->kind = WC_STMT_SPEC_RENAME_INDEX;
	else
	{
		if (!accept(x, c, "TO"))
			accept(x, c, "AS");
		if (x->more)
			return MORE;
		sp->kind = WC_STMT_SPEC_RENAME_TABLE;
		return read_name(x, c, &sp->table);
	}
	accept_if_exists(x, c);
	if (x->more)
		return MORE;
	if ((r = read_ident(x, c, &sp->a)) != WC_OK)
		return r;
	if (!accept(x, c, "TO"))
		return x->more ? MORE : unknown(x, c->pos);
	return read_ident(x, c, &sp->b);
}

/* EXCHANGE PARTITION p WITH TABLE t. */
static wc_status
spec_exchange(lx *x, wc_stmt_cursor *c, wc_stmt_spec *sp)
{
	wc_status	r;

	if (!accept(x, c, "PARTITION"))
		return x->more ? MORE : unknown(x, c->pos);
	if ((r = read_ident(x, c, &sp->a)) != WC_OK)
		return r;
	if (!accept(x, c, "WITH") || !accept(x, c, "TABLE"))
		return x->more ? MORE : unknown(x, c->pos);
	return read_name(x, c, &sp->table);
}

/* The start of a specification: its kind and names (the words of one of
 * kind OTHER are left to spec_rest). */
static wc_status
spec_head(lx *x, wc_stmt_cursor *c, wc_stmt_spec *sp)
{
	wc_stmt_cursor d = *c;
	tok			a;
	int			ty = next(x, &d, &a);

	memset(sp, 0, sizeof(*sp));
	if (ty == T_MORE)
		return MORE;
	if (ty == T_END || (ty == T_PUNCT && a.c == ';'))
		return c->spec = SM_DONE, WC_NULL;
	sp->off = a.off;
	c->spec = d.spec = SM_REST;
	if (kw(x, &a, "ADD") || kw(x, &a, "DROP"))
		sp->kind = kw(x, &a, "ADD") ? WC_STMT_SPEC_ADD : WC_STMT_SPEC_DROP;
	else if (kw(x, &a, "MODIFY") || kw(x, &a, "CHANGE"))
		sp->kind = kw(x, &a, "MODIFY") ? WC_STMT_SPEC_MODIFY : WC_STMT_SPEC_CHANGE;
	else if (kw(x, &a, "EXCHANGE"))
		sp->kind = WC_STMT_SPEC_EXCHANGE;
	else if (!kw(x, &a, "RENAME"))
		return WC_OK;
	*c = d;
	switch (sp->kind)
	{
		case WC_STMT_SPEC_ADD:
		case WC_STMT_SPEC_DROP:
			return spec_add_drop(x, c, sp);
		case WC_STMT_SPEC_MODIFY:
		case WC_STMT_SPEC_CHANGE:
			return spec_modify_change(x, c, sp);
		case WC_STMT_SPEC_EXCHANGE:
			return spec_exchange(x, c, sp);
		default:
			return spec_rename(x, c, sp);
	}
}

/* Past the rest of a specification: to its ',' or the end; a RENAME or
 * CHANGE (reserved words) starts the next one even without a ','. */
static wc_status
spec_rest(lx *x, wc_stmt_cursor *c)
{
	bool		after_dot = false;
	tok			a;

	for (;;)
	{
		wc_stmt_cursor d = *c;
		int			ty = next(x, &d, &a);
		wc_status	r;

		if (ty == T_MORE)
			return MORE;
		if (ty == T_END || ty == T_BAD || (ty == T_PUNCT && a.c == ';'))
			return c->spec = SM_DONE, WC_NULL;
		if (!after_dot && (kw(x, &a, "RENAME") || kw(x, &a, "CHANGE")))
			return c->spec = SM_HEAD, AGAIN;
		*c = d;
		if (ty == T_PUNCT && a.c == ',')
			return c->spec = SM_HEAD, AGAIN;
		if (ty == T_PUNCT && a.c == '(' && (r = skip_parens(x, c)) != WC_OK)
			return r == UNKNOWN ? (c->spec = SM_DONE, WC_NULL) : r;
		after_dot = ty == T_PUNCT && a.c == '.';
	}
}

/* The specification iterator's dispatcher. */
static wc_status
spec_next(lx *x, wc_stmt_cursor *c, wc_stmt_spec *sp)
{
	wc_stmt_table ignored;
	wc_status	r = AGAIN;
	tok			n;

	while (r == AGAIN)
	{
		x->more = false;
		switch (c->spec)
		{
			case SM_START:
				if ((r = read_name(x, c, &ignored)) == WC_OK)
					c->spec = SM_AFTER_NAME, r = AGAIN;
				break;
			case SM_AFTER_NAME:
				if (accept(x, c, "WAIT") && next(x, c, &n) == T_MORE)
					return MORE;
				accept(x, c, "NOWAIT");
				if (x->more)
					return MORE;
				c->spec = SM_HEAD;
				break;
			case SM_HEAD:
				r = spec_head(x, c, sp);
				break;
			case SM_REST:
				r = spec_rest(x, c);
				break;
			case SM_BAD:
				return unknown(x, c->pos), WC_ERR_SYNTAX;
			default:
				return WC_NULL;
		}
	}
	return r == UNKNOWN ? WC_ERR_SYNTAX : r;
}

wc_status
wc_stmt_next_spec(const char *s, size_t len, bool complete, wc_stmt *st,
				  wc_stmt_spec *sp, wc_error *err)
{
	lx			x;
	wc_stmt_cursor c = st->specs;
	wc_status	r;

	lx_init(&x, s, len, complete, st->modes);
	memset(sp, 0, sizeof(*sp));
	if (c.pos > len)
		return wc_fail(err, WC_ERR_PARAMETER, c.pos);
	r = spec_next(&x, &c, sp);
	if (r == MORE)
		return wc_fail(err, MORE, x.stop);
	if (r == WC_ERR_SYNTAX)
	{
		c.spec = SM_BAD;
		c.pos = x.stop;
		st->specs = c;
		return wc_in_field(err, wc_fail(err, WC_ERR_SYNTAX, x.stop), "ALTER TABLE specification");
	}
	st->specs = c;
	return r;
}

/* ---- classify: one function per verb ---- */

typedef wc_status (*verb_fn) (lx *x, wc_stmt_cursor *c, wc_stmt *st);

/* Set the kind and the table iterator's first state. */
static wc_status
decide(wc_stmt *st, wc_stmt_cursor *c, wc_stmt_kind kind, int mode)
{
	st->kind = kind;
	c->mode = (uint8_t) mode;
	return WC_OK;
}

/* The kind, or MORE when an accept() ran out of bytes on the way. */
static wc_status
decide_if(lx *x, wc_stmt *st, wc_stmt_cursor *c, wc_stmt_kind kind, int mode)
{
	return x->more ? MORE : decide(st, c, kind, mode);
}

/* Past IF [NOT] EXISTS, the kind (MORE when the prefix ran out). */
static wc_status
decide_exists(lx *x, wc_stmt *st, wc_stmt_cursor *c, wc_stmt_kind kind, int mode)
{
	accept_if_exists(x, c);
	return decide_if(x, st, c, kind, mode);
}

/* The next word is one of list (a statement on something not a table):
 * WC_STMT_OTHER; else `kind` with its tables unknown. */
static wc_status
other_or_unknown(lx *x, wc_stmt_cursor *c, wc_stmt *st, const char *const *list,
				 wc_stmt_kind kind)
{
	tok			a;

	if (peek(x, c, &a) == T_MORE || x->more)
		return MORE;
	if (kw_in(x, &a, list))
		return decide(st, c, WC_STMT_OTHER, TM_DONE);
	c->pos = a.off;
	return decide(st, c, kind, TM_UNKNOWN);
}

static wc_status
v_other(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	(void) x;
	return decide(st, c, WC_STMT_OTHER, TM_DONE);
}

static wc_status
v_alter(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	static const char *const other[] = {
		"DATABASE", "SCHEMA", "VIEW", "USER", "EVENT", "FUNCTION", "PROCEDURE",
		"SERVER", "TABLESPACE", "LOGFILE", "INSTANCE", "RESOURCE", "DEFINER",
		"ALGORITHM", "SQL", "UNDO", NULL
	};

	if (!accept(x, c, "ONLINE"))
		accept(x, c, "OFFLINE");
	accept(x, c, "IGNORE");
	if (accept(x, c, "TABLE"))
		return decide_exists(x, st, c, WC_STMT_ALTER, TM_ALTER_NAME);
	if (accept(x, c, "SEQUENCE"))
		return decide_exists(x, st, c, WC_STMT_ALTER, TM_NAME);
	return other_or_unknown(x, c, st, other, WC_STMT_ALTER);
}

static wc_status
v_rename(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	static const char *const other[] = {"USER", NULL};

	if (accept(x, c, "TABLE") || accept(x, c, "TABLES"))
		return decide_exists(x, st, c, WC_STMT_RENAME, TM_RENAME_OLD);
	return other_or_unknown(x, c, st, other, WC_STMT_RENAME);
}

static wc_status
v_truncate(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	accept(x, c, "TABLE");
	return decide_if(x, st, c, WC_STMT_TRUNCATE, TM_NAME);
}

/* CREATE / DROP INDEX, past the index's name to ON. */
static wc_status
index_on(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	static const char *const on[] = {"ON", NULL};
	wc_status	r;

	accept_if_exists(x, c);
	if (x->more)
		return MORE;
	st->kind = WC_STMT_INDEX;
	if ((r = skip_to(x, c, on)) == MORE)
		return MORE;
	c->mode = r == WC_OK ? TM_NAME : TM_UNKNOWN;
	if (r != WC_OK)
		c->pos = x->stop;
	return WC_OK;
}

static wc_status
v_drop(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	static const char *const other[] = {
		"VIEW", "USER", "ROLE", "EVENT", "FUNCTION", "PROCEDURE", "TRIGGER",
		"SERVER", "TABLESPACE", "LOGFILE", "RESOURCE", "SPATIAL", "PACKAGE",
		"PREPARE", "UNDO", NULL
	};

	accept(x, c, "TEMPORARY");
	if (accept(x, c, "TABLE") || accept(x, c, "TABLES") || accept(x, c, "SEQUENCE"))
	{
		c->clause = TM_NAME_LIST;
		return decide_exists(x, st, c, WC_STMT_DROP, TM_NAME_LIST);
	}
	if (accept(x, c, "DATABASE") || accept(x, c, "SCHEMA"))
		return decide_exists(x, st, c, WC_STMT_DROP, TM_DATABASE);
	if (!accept(x, c, "ONLINE"))
		accept(x, c, "OFFLINE");
	if (accept(x, c, "INDEX"))
		return index_on(x, c, st);
	return other_or_unknown(x, c, st, other, WC_STMT_DROP);
}

static wc_status
v_create(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	static const char *const other[] = {
		"DATABASE", "SCHEMA", "VIEW", "USER", "ROLE", "EVENT", "FUNCTION",
		"PROCEDURE", "TRIGGER", "SERVER", "TABLESPACE", "LOGFILE", "DEFINER",
		"ALGORITHM", "SQL", "AGGREGATE", "REFERENCE", "RESOURCE", "PACKAGE",
		"UNDO", NULL
	};

	if (accept(x, c, "OR"))
		accept(x, c, "REPLACE");
	accept(x, c, "TEMPORARY");
	if (accept(x, c, "TABLE") || accept(x, c, "SEQUENCE"))
		return decide_exists(x, st, c, WC_STMT_CREATE, TM_NAME);
	if (!accept(x, c, "ONLINE"))
		accept(x, c, "OFFLINE");
	if (!accept(x, c, "UNIQUE") && !accept(x, c, "FULLTEXT"))
		accept(x, c, "SPATIAL");
	if (accept(x, c, "INDEX"))
		return index_on(x, c, st);
	return other_or_unknown(x, c, st, other, WC_STMT_CREATE);
}

/* INSERT and REPLACE: [LOW_PRIORITY | DELAYED | HIGH_PRIORITY] [IGNORE] [INTO] t. */
static wc_status
insert_into(lx *x, wc_stmt_cursor *c, wc_stmt *st, wc_stmt_kind kind)
{
	while (accept(x, c, "LOW_PRIORITY") || accept(x, c, "DELAYED") ||
		   accept(x, c, "HIGH_PRIORITY") || accept(x, c, "IGNORE"))
		;
	accept(x, c, "INTO");
	return decide_if(x, st, c, kind, TM_NAME);
}

static wc_status
v_insert(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	return insert_into(x, c, st, WC_STMT_INSERT);
}

static wc_status
v_replace(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	return insert_into(x, c, st, WC_STMT_REPLACE);
}

static wc_status
v_update(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	while (accept(x, c, "LOW_PRIORITY") || accept(x, c, "IGNORE"))
		;
	c->clause = C_SET;
	return decide_if(x, st, c, WC_STMT_UPDATE, TM_FACTOR);
}

static wc_status
v_delete(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	while (accept(x, c, "LOW_PRIORITY") || accept(x, c, "QUICK") || accept(x, c, "IGNORE"))
		;
	c->clause = C_DEL_FROM;
	if (accept(x, c, "FROM"))
		return decide_if(x, st, c, WC_STMT_DELETE, TM_FACTOR);
	return decide_if(x, st, c, WC_STMT_DELETE, TM_DEL_TARGETS);
}

static wc_status
v_load(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	static const char *const other[] = {"INDEX", NULL};

	if (accept(x, c, "DATA") || accept(x, c, "XML"))
		return decide(st, c, WC_STMT_LOAD, TM_LOAD);
	return other_or_unknown(x, c, st, other, WC_STMT_LOAD);
}

/* WITH [RECURSIVE] name [(columns)] AS (query) [, ...]: on to the verb. */
static wc_status
v_with(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	wc_status	r;
	tok			a;

	accept(x, c, "RECURSIVE");
	do
	{
		if (next(x, c, &a) == T_MORE || x->more)
			return MORE;
		if (!is_name(x, &a))
			return decide(st, c, WC_STMT_UNKNOWN, TM_UNKNOWN);
		if (accept_punct(x, c, '(') && (r = skip_parens(x, c)) != WC_OK)
			return r == MORE ? MORE : decide(st, c, WC_STMT_UNKNOWN, TM_UNKNOWN);
		if (!accept(x, c, "AS") || !accept_punct(x, c, '('))
			return x->more ? MORE : decide(st, c, WC_STMT_UNKNOWN, TM_UNKNOWN);
		if ((r = skip_parens(x, c)) != WC_OK)
			return r == MORE ? MORE : decide(st, c, WC_STMT_UNKNOWN, TM_UNKNOWN);
	} while (accept_punct(x, c, ','));
	return x->more ? MORE : AGAIN;
}

/* SET STATEMENT var = value [, ...] FOR statement (MariaDB): on to its
 * verb; any other SET changes no table. */
static wc_status
v_set(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	static const char *const for_[] = {"FOR", NULL};
	wc_status	r;

	if (!accept(x, c, "STATEMENT"))
		return decide_if(x, st, c, WC_STMT_OTHER, TM_DONE);
	if ((r = skip_to(x, c, for_)) == WC_OK)
		return AGAIN;
	return r == MORE ? MORE : decide(st, c, WC_STMT_UNKNOWN, TM_UNKNOWN);
}

/* BEGIN [WORK] starts a transaction; BEGIN NOT ATOMIC a compound statement. */
static wc_status
v_begin(lx *x, wc_stmt_cursor *c, wc_stmt *st)
{
	if (accept(x, c, "NOT"))
		return decide(st, c, WC_STMT_UNKNOWN, TM_UNKNOWN);
	return decide_if(x, st, c, WC_STMT_OTHER, TM_DONE);
}

static const struct
{
	const char *word;
	verb_fn		fn;
}			verbs[] = {
	{"ALTER", v_alter}, {"RENAME", v_rename}, {"TRUNCATE", v_truncate},
	{"DROP", v_drop}, {"CREATE", v_create}, {"INSERT", v_insert},
	{"REPLACE", v_replace}, {"UPDATE", v_update}, {"DELETE", v_delete},
	{"LOAD", v_load}, {"WITH", v_with}, {"SET", v_set}, {"BEGIN", v_begin},
	/* statements that change no table */
	{"SELECT", v_other}, {"TABLE", v_other}, {"VALUES", v_other},
	{"COMMIT", v_other}, {"ROLLBACK", v_other}, {"START", v_other},
	{"XA", v_other}, {"SAVEPOINT", v_other}, {"RELEASE", v_other},
	{"GRANT", v_other}, {"REVOKE", v_other}, {"FLUSH", v_other},
	{"LOCK", v_other}, {"UNLOCK", v_other}, {"DO", v_other},
	{"SHOW", v_other}, {"USE", v_other}, {"HELP", v_other},
	{"ANALYZE", v_other}, {"OPTIMIZE", v_other}, {"REPAIR", v_other},
	{"CHECK", v_other}, {"CHECKSUM", v_other}, {"CACHE", v_other},
	{"INSTALL", v_other}, {"UNINSTALL", v_other}, {"PREPARE", v_other},
	{"DEALLOCATE", v_other}, {"SIGNAL", v_other}, {"RESIGNAL", v_other},
	{"GET", v_other}, {"PURGE", v_other}, {"RESET", v_other},
	{"KILL", v_other}, {"CHANGE", v_other}, {"STOP", v_other},
	{"BACKUP", v_other}, {"SHUTDOWN", v_other}, {"RESTART", v_other},
	{"EXPLAIN", v_other}, {"DESCRIBE", v_other}, {"DESC", v_other},
	{"HANDLER", v_other}, {"CLONE", v_other},
};

/* The verb's function, NULL for a verb not known. */
static verb_fn
verb_of(const lx *x, const tok *t)
{
	for (size_t i = 0; i < sizeof(verbs) / sizeof(verbs[0]); i++)
		if (kw(x, t, verbs[i].word))
			return verbs[i].fn;
	return NULL;
}

wc_status
wc_stmt_classify(const char *s, size_t len, bool complete, uint64_t modes,
				 wc_stmt *st, wc_error *err)
{
	lx			x;
	wc_stmt_cursor c = {0};
	wc_status	r = AGAIN;

	lx_init(&x, s, len, complete, modes);
	memset(st, 0, sizeof(*st));
	st->modes = modes;
	while (r == AGAIN)
	{
		tok			t;
		int			ty = next(&x, &c, &t);
		verb_fn		fn;

		x.more = false;
		st->verb = t.off;
		if (ty == T_MORE)
			r = MORE;
		else if (ty == T_PUNCT && t.c == ';')
			continue;
		else if (ty == T_END || (ty == T_PUNCT && t.c == '('))
			r = decide(st, &c, WC_STMT_OTHER, TM_DONE);
		else if (ty != T_WORD || (fn = verb_of(&x, &t)) == NULL)
		{
			c.pos = t.off;
			r = decide(st, &c, WC_STMT_UNKNOWN, TM_UNKNOWN);
		}
		else
			r = fn(&x, &c, st);
	}
	if (r == MORE)
		return wc_fail(err, MORE, x.stop);
	st->tables = c;
	st->specs = c;
	st->specs.spec = st->kind == WC_STMT_ALTER && c.mode == TM_ALTER_NAME ? SM_START : SM_DONE;
	return WC_OK;
}

/* ---- helpers ---- */

size_t
wc_stmt_ident(const char *s, const wc_stmt_token *tok, char *out, size_t cap)
{
	const char *p = s + tok->off;
	size_t		n = tok->len,
				w = 0;

	if (tok->quote && n >= 2)
	{
		p++;
		n -= 2;
	}
	for (size_t i = 0; i < n; i++)
	{
		if (tok->quote && p[i] == tok->quote && i + 1 < n)
			i++;
		if (out && w + 1 < cap)
			out[w] = p[i];
		w++;
	}
	if (out && cap > 0)
		out[w < cap ? w : cap - 1] = '\0';
	return w;
}

/* Only ';' until the end of the statement? */
static bool
at_end(lx *x, wc_stmt_cursor *c)
{
	tok			t;

	while (accept_punct(x, c, ';'))
		;
	return next(x, c, &t) == T_END;
}

wc_stmt_txn
wc_stmt_transaction(const char *s, size_t len, uint64_t modes)
{
	static const struct
	{
		const char *word;
		wc_stmt_txn txn;
	}			xa[] = {
		{"START", WC_STMT_TXN_XA_START}, {"BEGIN", WC_STMT_TXN_XA_START},
		{"END", WC_STMT_TXN_XA_END}, {"PREPARE", WC_STMT_TXN_XA_PREPARE},
		{"COMMIT", WC_STMT_TXN_XA_COMMIT}, {"ROLLBACK", WC_STMT_TXN_XA_ROLLBACK},
	};
	lx			x;
	wc_stmt_cursor c = {0};
	wc_stmt_txn r = WC_STMT_TXN_NONE;
	tok			t;

	lx_init(&x, s, len, true, modes);
	next(&x, &c, &t);
	if (kw(&x, &t, "BEGIN"))
		r = WC_STMT_TXN_BEGIN;
	else if (kw(&x, &t, "COMMIT"))
		r = WC_STMT_TXN_COMMIT;
	else if (kw(&x, &t, "ROLLBACK"))
		r = WC_STMT_TXN_ROLLBACK;
	else if (kw(&x, &t, "XA"))
	{
		next(&x, &c, &t);
		for (size_t i = 0; i < sizeof(xa) / sizeof(xa[0]); i++)
			if (kw(&x, &t, xa[i].word))
				return xa[i].txn;
		return WC_STMT_TXN_NONE;
	}
	if (r == WC_STMT_TXN_NONE)
		return r;
	accept(&x, &c, "WORK");
	return at_end(&x, &c) ? r : WC_STMT_TXN_NONE;
}
