// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "audit/corpus.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kconfig.h"
#include "kernel/tree.h"
#include "shared/alloc.h"
#include "shared/datadir.h"
#include "shared/fileio.h"
#include "shared/log.h"
#include "shared/path.h"
#include "shared/str.h"

void audit_add_corpus(struct ptrarray *modules, struct ptrarray *obj_m)
{
	_cleanup_free_ char *dir = kbp_corpus_dir();
	struct ptrarray names = { 0 };
	DIR *d = opendir(dir);

	if (!d) {
		log_err("%s: no corpus of modules there", dir);
		return;
	}
	dir_sorted_names(d, &names);
	closedir(d);
	for (size_t i = 0; i < names.n; i++) {
		char *m = path_join(dir, names.v[i]);
		if (path_is_dir(m)) {
			ptrarray_push(modules, m);
			ptrarray_push(obj_m, NULL);
		} else {
			free(m);
		}
	}
	ptrarray_free(&names, free);
}

/* The tree the samples come from: src, else what build/source leads to. */
static char *samples_src(const char *src, const char *build)
{
	_cleanup_free_ char *samples = NULL;
	char *real;

	if (src)
		return xstrdup(src);
	real = ktree_source_link(build);
	samples = real ? path_join(real, "samples") : NULL;
	if (samples && path_is_dir(samples))
		return real;
	free(real);
	return NULL;
}

/* One line "DIR OBJ.o... [if CONFIG_SYM]" of the list: 1 added, 0 skipped
 * (a comment, or a symbol the config lacks), -EINVAL malformed. */
static int add_sample(char *line, const struct kconfig *kc, const char *src, struct ptrarray *modules,
		      struct ptrarray *obj_m)
{
	char *cond, *sp;

	line = str_strip(line);
	if (!*line || *line == '#')
		return 0;
	cond = strstr(line, " if ");
	if (cond) {
		*cond = '\0';
		cond = str_strip(cond + 4);
		if (!kconfig_enabled(kc, cond)) {
			log_info("kernel sample %s skipped: %s is not set", line, cond);
			return 0;
		}
	}
	sp = strchr(line, ' ');
	if (!sp)
		return -EINVAL;
	*sp = '\0';
	ptrarray_push(modules, path_join(src, line));
	ptrarray_push(obj_m, xstrdup(str_strip(sp + 1)));
	return 1;
}

int audit_add_kernel_samples(struct ptrarray *modules, struct ptrarray *obj_m, const char *src, const char *build)
{
	_cleanup_free_ char *corpus = kbp_corpus_dir();
	_cleanup_free_ char *list = path_join(corpus, "kernel-samples.list");
	_cleanup_free_ char *config = path_join(build, ".config");
	_cleanup_free_ char *buf = NULL, *errmsg = NULL, *from = samples_src(src, build);
	struct kconfig kc = { 0 };
	size_t len;
	int r;

	if (!from) {
		log_err("--kernel-samples: no kernel source tree (pass --src SRC)");
		return -ENOENT;
	}
	if ((r = read_file(list, &buf, &len)) < 0) {
		log_err("%s: %s", list, strerror(-r));
		return r;
	}
	if ((r = kconfig_read(config, &kc, &errmsg)) < 0) {
		log_err("%s: %s", errmsg ? errmsg : config, strerror(-r));
		return r;
	}
	r = 0;
	for (char *line = buf, *next; line && *line && r >= 0; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		r = add_sample(line, &kc, from, modules, obj_m);
		if (r < 0)
			log_err("%s: '%s': want DIR OBJ.o... [if CONFIG_SYM]", list, str_strip(line));
	}
	kconfig_release(&kc);
	return r < 0 ? r : 0;
}
