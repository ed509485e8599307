// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/kconfig.h"

#include <errno.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/str.h"

static int sym_cmp(const void *a, const void *b)
{
	return strcmp(((const struct kconfig_sym *)a)->name, ((const struct kconfig_sym *)b)->name);
}

/* Undo the escaping kconfig applies to string values ("\"" and "\\"). */
static char *unquote(const char *v)
{
	size_t n = strlen(v);
	char *out, *o;

	if (n < 2 || v[0] != '"' || v[n - 1] != '"')
		return xstrdup(v);
	out = o = xmalloc(n);
	for (size_t i = 1; i < n - 1; i++) {
		if (v[i] == '\\' && i + 1 < n - 1)
			i++;
		*o++ = v[i];
	}
	*o = '\0';
	return out;
}

int kconfig_read(const char *path, struct kconfig *kc, char **errmsg)
{
	_cleanup_free_ char *buf = NULL;
	char *line, *save = NULL;
	unsigned lineno = 0;
	size_t cap = 0;
	int r;

	memset(kc, 0, sizeof(*kc));
	r = read_control_file(path, READ_NOFOLLOW, &buf, NULL, errmsg);
	if (r < 0)
		return r;
	/* strtok_r would merge empty lines and break line numbers: split by hand. */
	for (line = buf; line; line = save) {
		char *eq, *nl = strchr(line, '\n');

		save = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		lineno++;
		if (line[0] == '#') {
			const char *a = str_after_prefix(line, "# Linux/");
			if (!kc->header_arch && a)
				kc->header_arch = xstrndup(a, strcspn(a, " "));
			continue;
		}
		if (!*str_strip(line))
			continue;
		eq = strchr(line, '=');
		if (!str_starts_with(line, "CONFIG_") || !eq) {
			if (errmsg)
				*errmsg = xasprintf("%s:%u: not a CONFIG_ assignment", path, lineno);
			kconfig_release(kc);
			return -EINVAL;
		}
		if (kc->n == cap) {
			cap = cap ? cap * 2 : 256;
			kc->v = xrealloc(kc->v, cap * sizeof(*kc->v));
		}
		kc->v[kc->n].name = xstrndup(line, (size_t)(eq - line));
		kc->v[kc->n].value = unquote(eq + 1);
		kc->n++;
	}
	qsort(kc->v, kc->n, sizeof(*kc->v), sym_cmp);
	return 0;
}

const char *kconfig_get(const struct kconfig *kc, const char *name)
{
	struct kconfig_sym key = { .name = (char *)name };
	struct kconfig_sym *s;

	if (!kc->n)
		return NULL;
	s = bsearch(&key, kc->v, kc->n, sizeof(*kc->v), sym_cmp);
	return s ? s->value : NULL;
}

bool kconfig_enabled(const struct kconfig *kc, const char *name)
{
	const char *v = kconfig_get(kc, name);
	return v && (strcmp(v, "y") == 0 || strcmp(v, "m") == 0);
}

void kconfig_release(struct kconfig *kc)
{
	for (size_t i = 0; i < kc->n; i++) {
		free(kc->v[i].name);
		free(kc->v[i].value);
	}
	free(kc->v);
	free(kc->header_arch);
	memset(kc, 0, sizeof(*kc));
}
