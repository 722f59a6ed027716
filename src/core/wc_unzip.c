/*
 * wc_unzip.c: zlib and zstd decompression in bounded steps, in a caller's
 * workspace (see wc_unzip.h).
 *
 * zlib allocates through an arena in the workspace (its inflate state and
 * 32 KB window); zstd runs a static DStream in the workspace, sized from the
 * frame header.  Neither frees anything: the workspace is the caller's.
 */
#include "wc_unzip.h"

#include <string.h>
#include <zlib.h>

#define ZSTD_STATIC_LINKING_ONLY	/* ZSTD_initStaticDStream: a DStream in the workspace */
#include <zstd.h>

/* zlib's inflate state and its 32 KB window, with room to spare. */
#define ZLIB_ARENA (64 * 1024)

/* The z_stream, then the arena, in the workspace. */
typedef struct zlib_space
{
	z_stream	zs;
	size_t		used;
	uint8_t		arena[ZLIB_ARENA];
} zlib_space;

static const char *const F_ZLIB = "zlib stream";
static const char *const F_ZSTD = "zstd frame";

uint64_t
wc_unzip_limit(uint64_t in_len)
{
	uint64_t	lim = in_len > WC_UNZIP_MAX / WC_UNZIP_RATIO ? WC_UNZIP_MAX :
		in_len * WC_UNZIP_RATIO;

	return lim < WC_UNZIP_FLOOR ? WC_UNZIP_FLOOR : lim > WC_UNZIP_MAX ? WC_UNZIP_MAX : lim;
}

wc_status
wc_unzip_check_size(uint64_t in_len, uint64_t declared, size_t off, const char *field,
					wc_error *err)
{
	uint64_t	lim = wc_unzip_limit(in_len);

	if (declared <= lim)
		return WC_OK;
	return wc_in_field(err, wc_fail_ef(err, WC_ERR_TOO_LARGE, off, lim, declared), field);
}

wc_status
wc_unzip_workspace(wc_unzip_kind kind, const uint8_t *in, size_t len, size_t off,
				   size_t *size, wc_error *err)
{
	ZSTD_frameHeader fh;
	size_t		r,
				need;

	if (kind == WC_UNZIP_ZLIB)
	{
		*size = sizeof(zlib_space);
		return WC_OK;
	}
	r = ZSTD_getFrameHeader(&fh, in, len);
	if (r != 0)
		/* an error, or more bytes needed than there are */
		return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, off), F_ZSTD);
	if (fh.frameType == ZSTD_frame &&
		fh.windowSize > ((unsigned long long) 1 << WC_UNZIP_WINDOW_LOG_MAX))
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_TOO_LARGE, off,
										   (uint64_t) 1 << WC_UNZIP_WINDOW_LOG_MAX,
										   fh.windowSize), "zstd window");
	need = ZSTD_estimateDStreamSize_fromFrame(in, len);
	if (ZSTD_isError(need))
		return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, off), F_ZSTD);
	*size = need;
	return WC_OK;
}

/* zlib's allocator over the arena: bump, never free. */
static voidpf
arena_alloc(voidpf opaque, uInt items, uInt size)
{
	zlib_space *z = (zlib_space *) opaque;
	size_t		n;

	if (size && items > ZLIB_ARENA / size)
		return Z_NULL;
	n = ((size_t) items * size + 15) & ~(size_t) 15;
	if (n > ZLIB_ARENA - z->used)
		return Z_NULL;
	z->used += n;
	return z->arena + z->used - n;
}

static void
arena_free(voidpf opaque, voidpf p)
{
	(void) opaque;
	(void) p;
}

wc_status
wc_unzip_begin(wc_unzip *u, wc_unzip_kind kind, const uint8_t *in, size_t len, size_t off,
			   uint64_t declared, const char *size_field, void *work, size_t work_len,
			   wc_error *err)
{
	wc_status	st = wc_unzip_check_size(len, declared, off, size_field, err);

	memset(u, 0, sizeof(*u));
	if (st != WC_OK)
		return st;
	u->kind = kind;
	u->in = in;
	u->in_len = len;
	u->offset = off;
	u->declared = declared;
	u->size_field = size_field;
	u->work = work;
	u->work_len = work_len;
	if (kind == WC_UNZIP_ZLIB)
	{
		zlib_space *z = (zlib_space *) work;

		if (work_len < sizeof(zlib_space))
			return wc_fail_arg(err, WC_ERR_PARAMETER, work_len);
		memset(&z->zs, 0, sizeof(z->zs));
		z->used = 0;
		z->zs.zalloc = arena_alloc;
		z->zs.zfree = arena_free;
		z->zs.opaque = z;
		if (inflateInit(&z->zs) != Z_OK)
			return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, off), F_ZLIB);
		u->state = &z->zs;
	}
	else
	{
		ZSTD_DStream *ds = ZSTD_initStaticDStream(work, work_len);

		if (ds == NULL)
			return wc_fail_arg(err, WC_ERR_PARAMETER, work_len);
		if (ZSTD_isError(ZSTD_DCtx_setParameter(ds, ZSTD_d_windowLogMax,
												WC_UNZIP_WINDOW_LOG_MAX)))
			return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, off), F_ZSTD);
		u->state = ds;
	}
	return WC_OK;
}

/* The stream ended: exactly declared bytes, nothing after it. */
static wc_status
finish(wc_unzip *u, wc_error *err)
{
	if (u->produced != u->declared)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, u->offset, u->declared,
										   u->produced), u->size_field);
	if (u->in_pos != u->in_len)
		return wc_in_field(err, wc_fail_found(err, WC_ERR_TRAILING, u->offset + u->in_pos,
											  u->in_len - u->in_pos),
						   u->kind == WC_UNZIP_ZLIB ? F_ZLIB : F_ZSTD);
	u->done = 1;
	return WC_OK;
}

wc_status
wc_unzip_step(wc_unzip *u, uint8_t *out, size_t cap, size_t *n, wc_error *err)
{
	uint8_t		scratch[1];
	uint64_t	room = u->declared - u->produced;
	size_t		want = cap;
	size_t		in_room = u->in_len - u->in_pos;
	uint8_t    *dst;
	size_t		dlen,
				got,
				used;
	int			ended;
	const char *f = u->kind == WC_UNZIP_ZLIB ? F_ZLIB : F_ZSTD;

	*n = 0;
	wc_check_interrupts();
	if (u->done)
		return WC_OK;
	if (want > room)
		want = (size_t) room;
	if (want > WC_UNZIP_STEP_OUT)
		want = WC_UNZIP_STEP_OUT;
	if (room && !want)
		return wc_fail_arg(err, WC_ERR_PARAMETER, cap);
	if (in_room > WC_UNZIP_STEP_IN)
		in_room = WC_UNZIP_STEP_IN;
	/* once all declared bytes are out, one byte more is an error: decode
	 * into a scratch byte to see whether the stream has one */
	dst = want ? out : scratch;
	dlen = want ? want : 1;
	if (u->kind == WC_UNZIP_ZLIB)
	{
		z_stream   *zs = (z_stream *) u->state;
		int			rc;

		zs->next_in = (Bytef *) (u->in + u->in_pos);
		zs->avail_in = (uInt) in_room;
		zs->next_out = dst;
		zs->avail_out = (uInt) dlen;
		rc = inflate(zs, Z_NO_FLUSH);
		used = in_room - zs->avail_in;
		got = dlen - zs->avail_out;
		if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR)
			return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE,
											u->offset + u->in_pos + used), f);
		ended = rc == Z_STREAM_END;
	}
	else
	{
		ZSTD_inBuffer ib = {u->in + u->in_pos, in_room, 0};
		ZSTD_outBuffer ob = {dst, dlen, 0};
		size_t		r = ZSTD_decompressStream((ZSTD_DStream *) u->state, &ob, &ib);

		if (ZSTD_isError(r))
			return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE,
											u->offset + u->in_pos + ib.pos), f);
		used = ib.pos;
		got = ob.pos;
		ended = r == 0;
	}
	u->in_pos += used;
	if (got && !want)
		return wc_in_field(err, wc_fail_ef(err, WC_ERR_BAD_VALUE, u->offset, u->declared,
										   u->declared + 1), u->size_field);
	u->produced += got;
	*n = got;
	if (ended)
		return finish(u, err);
	if (!used && !got)
		/* no progress: the input ended inside the stream (a decompressor
		 * with input and room always moves), so no caller loops forever */
		return wc_in_field(err, wc_fail(err, WC_ERR_BAD_VALUE, u->offset + u->in_pos), f);
	return WC_OK;
}

wc_status
wc_unzip_all(wc_unzip *u, uint8_t *out, wc_error *err)
{
	while (!u->done)
	{
		size_t		n;
		wc_status	st = wc_unzip_step(u, out + u->produced,
									   (size_t) (u->declared - u->produced), &n, err);

		if (st != WC_OK)
			return st;
	}
	return WC_OK;
}
