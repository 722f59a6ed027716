/*
 * mysql_compress.c: the compressed protocol's packets, decompressed with
 * zlib or zstd into the caller's buffer (see mysql_compress.h).
 *
 * The compressed sequence ids are not checked: they restart with each
 * command in step with the other direction, so one stream alone cannot
 * tell a gap; the ordinary packets inside carry their own ids, which the
 * conversation decoder checks.
 */
#include "mysql_compress.h"

#include <string.h>

#include <zstd.h>

#include "byteorder.h"
#include "wc_unzip.h"

static const char *const F_HEADER = "compressed packet header";
static const char *const F_PAYLOAD = "compressed payload";
static const char *const INDEX_KIND = "compressed packet";

static inline uint32_t
load_le24(const uint8_t *p)
{
	return (uint32_t) p[0] | (uint32_t) p[1] << 8 | (uint32_t) p[2] << 16;
}

/* What fail_packet records besides the offset. */
#define SHOW_NONE 0
#define SHOW_FOUND 1
#define SHOW_BOTH 2

/* Error st about compressed packet n (1-based) at offset off. */
static wc_status
fail_packet(wc_error *err, wc_status st, size_t off, uint64_t n, const char *field,
			uint64_t expected, uint64_t found, int show)
{
	if (show == SHOW_BOTH)
		wc_fail_ef(err, st, off, expected, found);
	else if (show == SHOW_FOUND)
		wc_fail_found(err, st, off, found);
	else
		wc_fail(err, st, off);
	wc_in_field(err, st, field);
	return wc_at_index(err, st, INDEX_KIND, (int64_t) n);
}

/* The header of the compressed packet at buf[pos]: its payload length,
 * uncompressed length and the offset after it. */
static wc_status
read_header(const uint8_t *buf, size_t len, size_t pos, uint64_t n, size_t *clen,
			size_t *ulen, wc_error *err)
{
	if (len - pos < WC_MYSQL_COMPRESS_HEADER)
		return fail_packet(err, WC_ERR_TRUNCATED, pos, n, F_HEADER,
						   WC_MYSQL_COMPRESS_HEADER, len - pos, SHOW_BOTH);
	*clen = load_le24(buf + pos);
	*ulen = load_le24(buf + pos + 4);
	if (len - pos - WC_MYSQL_COMPRESS_HEADER < *clen)
		return fail_packet(err, WC_ERR_LENGTH, pos + WC_MYSQL_COMPRESS_HEADER, n, F_PAYLOAD,
						   *clen, len - pos - WC_MYSQL_COMPRESS_HEADER, SHOW_BOTH);
	return WC_OK;
}

/* zlib's two header bytes: deflate, a window of at most 32 KB, a check
 * multiple of 31. */
static int
is_zlib(const uint8_t *p, size_t n)
{
	return n >= 2 && (p[0] & 0x0f) == 8 && (p[0] >> 4) <= 7 &&
		((unsigned) p[0] << 8 | p[1]) % 31 == 0;
}

static int
is_zstd(const uint8_t *p, size_t n)
{
	return n >= 4 && wc_load_le32(p) == ZSTD_MAGICNUMBER;
}

/* Most bytes a zlib stream of n bytes can inflate to: deflate's best is
 * 258 bytes from 2 bits, about 1032 to 1, plus its header and check. */
static int
zlib_can_hold(size_t clen, size_t ulen)
{
	return ulen / 1032 <= clen;
}

wc_status
wc_mysql_decompress_size(const uint8_t *buf, size_t len, size_t start, size_t *out_len,
						 size_t *work_len, wc_error *err)
{
	size_t		pos = start;
	size_t		total = 0;
	size_t		work = 0;
	uint64_t	limit = wc_unzip_limit(len - start);
	uint64_t	n = 0;

	while (pos < len)
	{
		size_t		clen,
					ulen;
		wc_status	st = read_header(buf, len, pos, ++n, &clen, &ulen, err);

		if (st != WC_OK)
			return st;
		if (ulen)
		{
			/* what a payload's own header can say about its size, before
			 * a caller sizes a buffer by it */
			const uint8_t *in = buf + pos + WC_MYSQL_COMPRESS_HEADER;
			unsigned long long content = is_zstd(in, clen) ?
				ZSTD_getFrameContentSize(in, clen) : ZSTD_CONTENTSIZE_UNKNOWN;
			size_t		need = 0;

			if ((is_zlib(in, clen) && !zlib_can_hold(clen, ulen)) ||
				(content != ZSTD_CONTENTSIZE_UNKNOWN && content != ZSTD_CONTENTSIZE_ERROR &&
				 content != ulen))
				return fail_packet(err, WC_ERR_BAD_VALUE, pos + WC_MYSQL_COMPRESS_HEADER, n,
								   "uncompressed length", ulen, content, SHOW_NONE);
			if (is_zlib(in, clen) || is_zstd(in, clen))
			{
				/* the decompressor's workspace: zstd's from the frame's
				 * window, which may not be too large */
				st = wc_unzip_workspace(is_zlib(in, clen) ? WC_UNZIP_ZLIB : WC_UNZIP_ZSTD, in,
										clen, pos + WC_MYSQL_COMPRESS_HEADER, &need, err);
				if (st != WC_OK)
					return wc_at_index(err, st, INDEX_KIND, (int64_t) n);
			}
			if (need > work)
				work = need;
		}
		total += ulen ? ulen : clen;
		/* no more than the stream's compressed bytes may expand to */
		if (total > limit)
			return fail_packet(err, WC_ERR_TOO_LARGE, pos, n, "uncompressed length", limit,
							   total, SHOW_BOTH);
		pos += WC_MYSQL_COMPRESS_HEADER + clen;
	}
	*out_len = total;
	if (work_len)
		*work_len = work;
	return WC_OK;
}

/* One compressed payload in[0 .. clen) of kind into exactly ulen bytes at
 * out, in bounded steps. */
static wc_status
unzip_one(wc_unzip_kind kind, const uint8_t *in, size_t clen, uint8_t *out, size_t ulen,
		  void *work, size_t work_len, size_t off, uint64_t n, wc_error *err)
{
	wc_unzip	u;
	size_t		need;
	wc_status	st = wc_unzip_workspace(kind, in, clen, off, &need, err);

	if (st == WC_OK && need > work_len)
		/* the workspace is not the size pass's */
		st = wc_in_field(err, wc_fail_ef(err, WC_ERR_TOO_LARGE, off, work_len, need),
						 "workspace");
	if (st == WC_OK)
		st = wc_unzip_begin(&u, kind, in, clen, off, ulen, "uncompressed length", work,
							work_len, err);
	if (st == WC_OK)
		st = wc_unzip_all(&u, out, err);
	return wc_at_index(err, st, INDEX_KIND, (int64_t) n);
}

wc_status
wc_mysql_decompress(const uint8_t *buf, size_t len, size_t start, uint8_t *out,
					size_t out_len, void *work, size_t work_len,
					wc_mysql_compress_stats *stats, wc_error *err)
{
	size_t		pos = start;
	size_t		done = 0;
	uint64_t	n = 0;
	wc_mysql_compress_stats s = {0, 0, 0, 0};

	while (pos < len)
	{
		size_t		clen,
					ulen,
					body = pos + WC_MYSQL_COMPRESS_HEADER;
		const uint8_t *in = buf + body;
		wc_status	st = read_header(buf, len, pos, ++n, &clen, &ulen, err);

		if (st != WC_OK)
			return st;
		if (out_len - done < (ulen ? ulen : clen))
			/* the buffer is not the size pass's */
			return fail_packet(err, WC_ERR_TOO_LARGE, pos, n, F_PAYLOAD,
							   out_len - done, ulen ? ulen : clen, SHOW_BOTH);
		if (ulen == 0)
		{
			memcpy(out + done, in, clen);
			done += clen;
			s.stored++;
		}
		else
		{
			if (is_zlib(in, clen))
			{
				st = unzip_one(WC_UNZIP_ZLIB, in, clen, out + done, ulen, work, work_len,
							   body, n, err);
				s.zlib++;
			}
			else if (is_zstd(in, clen))
			{
				st = unzip_one(WC_UNZIP_ZSTD, in, clen, out + done, ulen, work, work_len,
							   body, n, err);
				s.zstd++;
			}
			else
				st = fail_packet(err, WC_ERR_UNSUPPORTED, body, n, F_PAYLOAD, 0,
								 clen ? in[0] : 0, SHOW_FOUND);
			if (st != WC_OK)
				return st;
			done += ulen;
		}
		s.packets++;
		pos = body + clen;
	}
	if (stats)
		*stats = s;
	return WC_OK;
}

/* Do headers of hdr bytes, whose first three hold the payload length,
 * chain from start exactly to len?  *first_compressed: the first payload
 * (of a compressed reading) is a zlib stream or a zstd frame. */
static int
chains(const uint8_t *buf, size_t len, size_t start, size_t hdr, int *first_compressed)
{
	size_t		pos = start;

	while (pos < len)
	{
		if (len - pos < hdr || len - pos - hdr < load_le24(buf + pos))
			return 0;
		if (pos == start && first_compressed)
		{
			const uint8_t *p = buf + pos + hdr;
			size_t		n = load_le24(buf + pos);

			*first_compressed = load_le24(buf + pos + 4) != 0 && (is_zlib(p, n) || is_zstd(p, n));
		}
		pos += hdr + load_le24(buf + pos);
	}
	return 1;
}

int
wc_mysql_compress_detect(const uint8_t *buf, size_t len, size_t start)
{
	int			first = 0;

	if (start >= len || chains(buf, len, start, 4, NULL))
		return 0;
	/* the compressed headers chain to the end, or (a capture cut short)
	 * the first payload is a zlib stream or a zstd frame */
	return chains(buf, len, start, WC_MYSQL_COMPRESS_HEADER, &first) || first;
}
