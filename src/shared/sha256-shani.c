// SPDX-License-Identifier: GPL-2.0-or-later
/* The rounds as Intel's SHA extensions reference describes them: the state
 * as ABEF/CDGH, two rounds per sha256rnds2, the schedule by sha256msg1/2. */
#include "shared/sha256-shani.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#include <stdatomic.h>

/* CPUID: SHA (leaf 7, EBX bit 29), SSSE3 and SSE4.1 (leaf 1, ECX bits 9
 * and 19), asked once (clang 14 knows no __builtin_cpu_supports("sha")). */
bool sha256_shani_usable(void)
{
	static atomic_int usable = -1; /* two threads asking at once find the same */
	int u = atomic_load_explicit(&usable, memory_order_relaxed);
	unsigned a, b, c, d;

	if (u < 0) {
		bool sha = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 29));
		bool sse = __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 9)) && (c & (1u << 19));

		u = sha && sse;
		atomic_store_explicit(&usable, u, memory_order_relaxed);
	}
	return u;
}

__attribute__((target("sha,sse4.1"))) void sha256_shani_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
	__m128i tmp = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1); /* CDAB */
	__m128i s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B); /* EFGH */
	__m128i s0 = _mm_alignr_epi8(tmp, s1, 8); /* ABEF */

	s1 = _mm_blend_epi16(s1, tmp, 0xF0); /* CDGH */
	for (; n > 0; n--, p += 64) {
		const __m128i abef = s0, cdgh = s1;
		__m128i m[4];

		for (int i = 0; i < 16; i++) {
			__m128i wk;

			if (i < 4) {
				m[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), bswap);
			} else { /* W[4i..4i+3] from the sixteen before */
				__m128i x = _mm_sha256msg1_epu32(m[i % 4], m[(i + 1) % 4]);

				x = _mm_add_epi32(x, _mm_alignr_epi8(m[(i + 3) % 4], m[(i + 2) % 4], 4));
				m[i % 4] = _mm_sha256msg2_epu32(x, m[(i + 3) % 4]);
			}
			wk = _mm_add_epi32(m[i % 4], _mm_load_si128((const __m128i *)&sha256_k[4 * i]));
			s1 = _mm_sha256rnds2_epu32(s1, s0, wk);
			s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(wk, 0x0E));
		}
		s0 = _mm_add_epi32(s0, abef);
		s1 = _mm_add_epi32(s1, cdgh);
	}
	tmp = _mm_shuffle_epi32(s0, 0x1B); /* FEBA */
	s1 = _mm_shuffle_epi32(s1, 0xB1); /* DCHG */
	_mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(tmp, s1, 0xF0)); /* DCBA */
	_mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(s1, tmp, 8)); /* HGFE */
}
#else
bool sha256_shani_usable(void)
{
	return false;
}

void sha256_shani_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
	(void)h, (void)p, (void)n;
}
#endif
