// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "split/report.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "shared/log.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/yaml-out.h"

const char *split_part_name(const struct split_run *run, const struct split_layout *l, size_t ti,
			    const struct split_item *it)
{
	enum part_kind kind = it->src_side || it->linked ? it->part : PART_FLAVOUR;
	size_t index = kind == PART_ARCH ? run->trees[ti].group : kind == PART_KBUILD ? 0 : ti;
	const struct split_part *p = split_part_find(l, kind, index, it->e->component);

	if (!p && kind == PART_COMMON && run->published)
		return "common (published)";
	return p ? p->name : "?";
}

void split_print_list(FILE *f, const struct split_run *run, const struct split_layout *l)
{
	for (size_t ti = 0; ti < run->ntrees; ti++) {
		const struct split_tree *t = &run->trees[ti];

		for (size_t j = 0; j < t->sel.fl.n; j++) {
			const struct split_item *it = &t->items[j];
			_cleanup_free_ char *name = NULL, *rel = NULL, *why = NULL;

			if (it->e->type == ENTRY_DIR)
				continue;
			/* tab-separated fields: escaped as pack --list's (shared/name.h) */
			name = name_escape(t->name);
			rel = name_escape(it->e->rel);
			why = it->why ? name_escape(it->why) : NULL;
			fprintf(f, "%s\t%s\t%s%s%s%s\n", name, rel, split_part_name(run, l, ti, it),
				it->linked ? " (linked)" : "", why ? "\t" : "", why ? why : "");
		}
	}
}

/* What the trees take packed one by one (files and bytes), and the largest. */
static void single_totals(const struct split_run *run, uint64_t *bytes, size_t *files, uint64_t *largest)
{
	*bytes = 0;
	*files = 0;
	*largest = 0;
	for (size_t ti = 0; ti < run->ntrees; ti++) {
		uint64_t b = 0;

		for (size_t j = 0; j < run->trees[ti].sel.fl.n; j++) {
			const struct pack_entry *e = run->trees[ti].sel.fl.v[j];
			if (e->type == ENTRY_FILE) {
				(*files)++;
				b += (uint64_t)e->size;
			}
		}
		*bytes += b;
		*largest = b > *largest ? b : *largest;
	}
}

void split_print_sizes(FILE *f, const struct split_run *run, const struct split_layout *l)
{
	uint64_t total = 0, single, largest;
	size_t files = 0, single_files;

	for (size_t i = 0; i < l->nparts; i++) {
		const struct split_part *p = &l->parts[i];

		fprintf(f, "%-24s %7zu files %6zu links %12" PRIu64 " bytes\n", p->name, p->files, p->links, p->bytes);
		total += p->bytes;
		files += p->files;
	}
	single_totals(run, &single, &single_files, &largest);
	fprintf(f, "%-24s %7zu files %19" PRIu64 " bytes (%.2fx the largest tree packed alone)\n", "total", files,
		total, largest ? (double)total / (double)largest : 0.0);
	fprintf(f, "%-24s %7zu files %19" PRIu64 " bytes\n", "trees packed one by one", single_files, single);
}

static void emit_parts(struct yaml_out *y, const struct split_layout *l)
{
	yaml_out_key(y, "parts");
	yaml_out_seq_start(y);
	for (size_t i = 0; i < l->nparts; i++) {
		const struct split_part *p = &l->parts[i];
		static const char *const kinds[] = { "common", "arch", "flavour", "kbuild" };

		yaml_out_map_start(y);
		yaml_out_kv(y, "name", p->name);
		yaml_out_kv(y, "kind", kinds[p->kind]);
		yaml_out_kvu(y, "files", p->files);
		yaml_out_kvu(y, "links", p->links);
		yaml_out_kvu(y, "bytes", p->bytes);
		yaml_out_map_end(y);
	}
	yaml_out_seq_end(y);
}

static void emit_trees(struct yaml_out *y, const struct split_run *run, const struct split_layout *l)
{
	yaml_out_key(y, "trees");
	yaml_out_seq_start(y);
	for (size_t ti = 0; ti < run->ntrees; ti++) {
		const struct split_tree *t = &run->trees[ti];

		yaml_out_map_start(y);
		yaml_out_kv(y, "name", t->name);
		yaml_out_kv(y, "release", t->sel.t.release);
		yaml_out_kv(y, "arch", run->groups[t->group]);
		yaml_out_kv(y, "src", t->sel.t.src);
		yaml_out_kv(y, "obj", t->sel.t.obj);
		yaml_out_key(y, "files");
		yaml_out_seq_start(y);
		for (size_t j = 0; j < t->sel.fl.n; j++) {
			const struct split_item *it = &t->items[j];

			if (it->e->type == ENTRY_DIR)
				continue;
			yaml_out_map_start(y);
			yaml_out_kv(y, "path", it->e->rel);
			yaml_out_kv(y, "part", split_part_name(run, l, ti, it));
			yaml_out_kv(y, "side", it->src_side ? "src" : "obj");
			if (it->linked)
				yaml_out_kv(y, "linked", "true");
			if (it->why)
				yaml_out_kv(y, "not-shared", it->why);
			yaml_out_map_end(y);
		}
		yaml_out_seq_end(y);
		yaml_out_map_end(y);
	}
	yaml_out_seq_end(y);
}

int split_report_write(FILE *f, const char *path, const struct split_run *run, const struct split_layout *l)
{
	struct yaml_out y;
	int r;

	yaml_out_begin(&y, f, true);
	yaml_out_map_start(&y);
	yaml_out_kv(&y, "kbuild-pack-split", "1");
	yaml_out_key(&y, "common");
	yaml_out_map_start(&y);
	yaml_out_kv(&y, "name", l->common_name);
	yaml_out_kv(&y, "kernel", l->common.kernel);
	yaml_out_kv(&y, "digest", l->common.digest);
	yaml_out_kv(&y, "published", run->published ? "true" : "false");
	yaml_out_map_end(&y);
	emit_parts(&y, l);
	emit_trees(&y, run, l);
	yaml_out_map_end(&y);
	r = yaml_out_end(&y);
	if (r < 0)
		log_err("cannot write %s: %s", path, strerror(-r));
	return r;
}
