// SPDX-License-Identifier: GPL-2.0-or-later
#include "audit/usage.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "shared/log.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/str.h"

/* The value of key in a mapping node, or NULL. */
static yaml_node_t *lookup(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(doc, p->key);
		if (k && k->type == YAML_SCALAR_NODE && !strcmp((char *)k->data.scalar.value, key))
			return yaml_document_get_node(doc, p->value);
	}
	return NULL;
}

static const char *scalar(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
	yaml_node_t *v = lookup(doc, map, key);

	return v && v->type == YAML_SCALAR_NODE ? (char *)v->data.scalar.value : NULL;
}

static yaml_node_t *sequence(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
	yaml_node_t *v = lookup(doc, map, key);

	return v && v->type == YAML_SEQUENCE_NODE ? v : NULL;
}

static struct rule_usage *rule_get(struct ptrarray *usage, const char *name)
{
	struct rule_usage *u;

	for (size_t i = 0; i < usage->n; i++) {
		u = usage->v[i];
		if (!strcmp(u->name, name))
			return u;
	}
	u = xcalloc(1, sizeof(*u));
	u->name = xstrdup(name);
	ptrarray_push(usage, u);
	return u;
}

int rule_usage_read(const char *report, const struct ptrarray *used, struct ptrarray *usage)
{
	_cleanup_fclose_ FILE *f = fopen(report, "re");
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root, *files;
	int r = 0;

	if (!f) {
		log_err("%s: %s", report, strerror(errno));
		return -errno;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	if (!yaml_parser_load(&parser, &doc)) {
		log_err("%s: not YAML (line %zu)", report, parser.problem_mark.line + 1);
		yaml_parser_delete(&parser);
		return -EINVAL;
	}
	root = yaml_document_get_root_node(&doc);
	files = sequence(&doc, root, "files");
	if (!scalar(&doc, root, "kbuild-pack-report") || !files) {
		log_err("%s: not a kbuild-pack pack report", report);
		r = -EINVAL;
		goto out;
	}
	for (yaml_node_item_t *it = files->data.sequence.items.start; it < files->data.sequence.items.top; it++) {
		yaml_node_t *file = yaml_document_get_node(&doc, *it);
		const char *path = scalar(&doc, file, "path");
		const char *rule = scalar(&doc, file, "rule");
		const char *size = scalar(&doc, file, "size");
		uint64_t bytes = size ? strtoull(size, NULL, 10) : 0;
		struct rule_usage *u;

		if (!path || !rule)
			continue;
		u = rule_get(usage, rule);
		u->files++;
		u->bytes += bytes;
		if (used->n && bsearch(&path, used->v, used->n, sizeof(*used->v), strcmp_bytes)) {
			u->files_used++;
			u->bytes_used += bytes;
			ptrarray_push(&u->used, xstrdup(path));
		}
	}
out:
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	return r;
}

void rule_usage_free(void *p)
{
	struct rule_usage *u = p;

	free(u->name);
	ptrarray_free(&u->used, free);
	free(u);
}
