// SPDX-License-Identifier: GPL-2.0-or-later
#include "shared/name.h"

#include <stdint.h>
#include <string.h>

#include "shared/strbuf.h"

static bool name_char(char c, bool first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
		return true;
	/* none of these may start it: '.' hides it or climbs, '-' is an option */
	return !first && c && strchr("._+~-", c);
}

bool name_ok_n(const char *s, size_t n)
{
	if (n == 0 || n > NAME_MAX_LEN)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!name_char(s[i], i == 0))
			return false;
	return true;
}

bool name_ok(const char *s)
{
	return s && name_ok_n(s, strlen(s));
}

size_t utf8_char_len(const unsigned char *s)
{
	size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
	uint32_t v = n == 1 ? s[0] : n == 2 ? s[0] & 0x1f : n == 3 ? s[0] & 0x0f : s[0] & 0x07;
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };

	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	/* overlong forms and surrogates are not UTF-8 (nor to libyaml) */
	if (!n || v < min[n] || (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff)
		return 0;
	return n;
}

/* The flaw of the character at s (its length in *len), or 0. */
static unsigned char_flaw(const unsigned char *s, size_t *len)
{
	*len = utf8_char_len(s);
	if (!*len) {
		*len = 1;
		return NAME_NOT_UTF8;
	}
	if (*s < 0x20 || *s == 0x7f)
		return NAME_CONTROL;
	return *s == '\\' ? NAME_BACKSLASH : 0;
}

unsigned name_flaws(const char *name)
{
	unsigned flaws = 0;
	size_t len;

	for (const unsigned char *s = (const unsigned char *)name; *s; s += len)
		flaws |= char_flaw(s, &len);
	return flaws;
}

char *name_escape(const char *name)
{
	struct strbuf b = { 0 };
	size_t len;

	for (const unsigned char *s = (const unsigned char *)name; *s; s += len) {
		if (!char_flaw(s, &len))
			strbuf_addn(&b, (const char *)s, len);
		else if (*s == '\t' || *s == '\n' || *s == '\\')
			strbuf_addf(&b, "\\%c", *s == '\t' ? 't' : *s == '\n' ? 'n' : '\\');
		else
			strbuf_addf(&b, "\\x%02x", *s);
	}
	return strbuf_steal(&b);
}
