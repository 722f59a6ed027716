/*
 * byteorder.h: unaligned big/little-endian loads and stores for the codec
 * core.  memcpy plus byte-swap builtins compile to a single mov/bswap (or
 * movbe); byte loops and shifts do not always.  No PostgreSQL headers.
 */
#ifndef WC_BYTEORDER_H
#define WC_BYTEORDER_H

#include <stdint.h>
#include <string.h>

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define WC_TO_BE16(x) (x)
#define WC_TO_BE32(x) (x)
#define WC_TO_BE64(x) (x)
#define WC_TO_LE16(x) __builtin_bswap16(x)
#define WC_TO_LE32(x) __builtin_bswap32(x)
#define WC_TO_LE64(x) __builtin_bswap64(x)
#else
#define WC_TO_BE16(x) __builtin_bswap16(x)
#define WC_TO_BE32(x) __builtin_bswap32(x)
#define WC_TO_BE64(x) __builtin_bswap64(x)
#define WC_TO_LE16(x) (x)
#define WC_TO_LE32(x) (x)
#define WC_TO_LE64(x) (x)
#endif

static inline void
wc_store_be16(uint8_t *p, uint16_t v)
{
	v = WC_TO_BE16(v);
	memcpy(p, &v, 2);
}

static inline void
wc_store_be32(uint8_t *p, uint32_t v)
{
	v = WC_TO_BE32(v);
	memcpy(p, &v, 4);
}

static inline void
wc_store_be64(uint8_t *p, uint64_t v)
{
	v = WC_TO_BE64(v);
	memcpy(p, &v, 8);
}

static inline void
wc_store_le16(uint8_t *p, uint16_t v)
{
	v = WC_TO_LE16(v);
	memcpy(p, &v, 2);
}

static inline void
wc_store_le32(uint8_t *p, uint32_t v)
{
	v = WC_TO_LE32(v);
	memcpy(p, &v, 4);
}

static inline void
wc_store_le64(uint8_t *p, uint64_t v)
{
	v = WC_TO_LE64(v);
	memcpy(p, &v, 8);
}

static inline uint16_t
wc_load_be16(const uint8_t *p)
{
	uint16_t	v;

	memcpy(&v, p, 2);
	return WC_TO_BE16(v);
}

static inline uint32_t
wc_load_be32(const uint8_t *p)
{
	uint32_t	v;

	memcpy(&v, p, 4);
	return WC_TO_BE32(v);
}

static inline uint64_t
wc_load_be64(const uint8_t *p)
{
	uint64_t	v;

	memcpy(&v, p, 8);
	return WC_TO_BE64(v);
}

static inline uint16_t
wc_load_le16(const uint8_t *p)
{
	uint16_t	v;

	memcpy(&v, p, 2);
	return WC_TO_LE16(v);
}

static inline uint32_t
wc_load_le32(const uint8_t *p)
{
	uint32_t	v;

	memcpy(&v, p, 4);
	return WC_TO_LE32(v);
}

static inline uint64_t
wc_load_le64(const uint8_t *p)
{
	uint64_t	v;

	memcpy(&v, p, 8);
	return WC_TO_LE64(v);
}

#endif							/* WC_BYTEORDER_H */
