// SPDX-License-Identifier: GPL-2.0-or-later
#include "shared/name.h"

#include <string.h>

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
