// SPDX-License-Identifier: GPL-2.0-or-later
/* report-roundtrip FILE: writes an audit report (audit_write_report, through
 * shared/yaml-out) whose paths hold every character YAML treats specially,
 * control bytes and bytes that are not UTF-8, parses FILE back with
 * libyaml and compares every string: exit 0 when all came back as written
 * (one that is not UTF-8 as !!binary, its bytes in base64, as
 * doc/report.md says), 1 otherwise. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <yaml.h>

#include "audit/audit.h"
#include "audit/usage.h"
#include "shared/alloc.h"
#include "shared/array.h"

static const char *const hostile[] = {
	"plain/path.h",
	"with space/and: colon.h",
	"- dash",
	"# hash",
	"'single' \"double\" \\back\\slash",
	"new\nline\ttab\rcr",
	"\x01\x1b[31mansi\x7f",
	"true",
	"null",
	"~",
	"0644",
	"123",
	"1e3",
	"[flow], {map}, *alias, &anchor, !tag, %dir, @at, `tick`, |pipe, >fold",
	" leading and trailing ",
	"",
	"caf\xc3\xa9/\xe2\x82\xac/\xf0\x9f\x90\xa7",
	"latin1 \xe9t\xe9 \xff\xfe",
	"\xc3\x28 overlong \xc0\xaf surrogate \xed\xa0\x80",
	"...",
	"---",
	"long/" "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	" bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
};
#define N (sizeof(hostile) / sizeof(hostile[0]))

/* Whether s is UTF-8, by the rule of the writer, checked independently. */
static bool utf8(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = 0;

		if (*p < 0x80)
			n = 1;
		else if (p[0] >= 0xc2 && p[0] <= 0xdf && (p[1] & 0xc0) == 0x80)
			n = 2;
		else if ((p[0] & 0xf0) == 0xe0 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80 &&
			 !(p[0] == 0xe0 && p[1] < 0xa0) && !(p[0] == 0xed && p[1] >= 0xa0))
			n = 3;
		else if (p[0] >= 0xf0 && p[0] <= 0xf4 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80 &&
			 (p[3] & 0xc0) == 0x80 && !(p[0] == 0xf0 && p[1] < 0x90) && !(p[0] == 0xf4 && p[1] >= 0x90))
			n = 4;
		if (!n)
			return false;
		p += n;
	}
	return true;
}

/* The bytes of base64 text b (no blanks), NUL-terminated, in a static buffer. */
static const char *unbase64(const char *b, size_t len)
{
	static const char set[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	static char buf[1024];
	size_t o = 0;
	uint32_t v = 0;
	int bits = 0;

	for (size_t i = 0; i < len && b[i] != '='; i++) {
		const char *c = strchr(set, b[i]);

		if (!c || !b[i])
			return "(not base64)";
		v = v << 6 | (uint32_t)(c - set);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			buf[o++] = (char)(v >> bits & 0xff);
		}
	}
	buf[o] = '\0';
	return buf;
}

static yaml_node_t *get(yaml_document_t *d, yaml_node_t *map, const char *key)
{
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(d, p->key);
		if (k->type == YAML_SCALAR_NODE && !strcmp((char *)k->data.scalar.value, key))
			return yaml_document_get_node(d, p->value);
	}
	return NULL;
}

static int fails;

/* n is want: a double-quoted string, or !!binary of want's bytes when
 * want is not UTF-8. */
static void check(const char *what, size_t i, yaml_node_t *n, const char *want)
{
	bool scalar = n && n->type == YAML_SCALAR_NODE, bin = !utf8(want);
	const char *tag = scalar && n->tag ? (const char *)n->tag : "";
	const char *got = !scalar ? "(no scalar)"
		: bin ? unbase64((const char *)n->data.scalar.value, n->data.scalar.length)
		      : (const char *)n->data.scalar.value;

	if (!scalar || (!bin && n->data.scalar.length != strlen(want)) || strcmp(got, want) ||
	    strcmp(tag, bin ? "tag:yaml.org,2002:binary" : "tag:yaml.org,2002:str") ||
	    n->data.scalar.style != YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
		fprintf(stderr, "FAIL: %s[%zu]: got '%s' (%s), want '%s'\n", what, i, got, tag, want);
		fails++;
	}
}

int main(int argc, char *argv[])
{
	struct audit_result r = { 0 };
	struct audit_opts o = { .build = hostile[1], .modules = (char **)hostile, .nmodules = N };
	yaml_parser_t parser;
	yaml_document_t doc;
	yaml_node_t *root, *seq;
	FILE *f;

	if (argc != 2)
		return 2;
	for (size_t i = 0; i < N; i++) {
		struct audit_finding *m = xmalloc(sizeof(*m)), *e = xmalloc(sizeof(*e)), *w = xmalloc(sizeof(*w));
		struct rule_usage *u = xcalloc(1, sizeof(*u));
		m->path = xstrdup(hostile[i]);
		m->progs = xstrdup(hostile[N - 1 - i]);
		e->path = xstrdup(hostile[i]);
		e->progs = xstrdup("make");
		w->path = xstrdup(hostile[i]);
		w->progs = xstrdup(hostile[N - 1 - i]);
		u->name = xstrdup(hostile[i]);
		u->files = i;
		u->bytes = (uint64_t)i << 40;
		ptrarray_push(&r.missing, m);
		ptrarray_push(&r.escapes, e);
		ptrarray_push(&r.writes, w);
		ptrarray_push(&r.used, xstrdup(hostile[i]));
		ptrarray_push(&r.failed, xstrdup(hostile[i]));
		ptrarray_push(&r.rules, u);
	}
	f = fopen(argv[1], "we");
	if (!f || audit_write_report(f, &o, &r) < 0 || fclose(f) != 0) {
		fprintf(stderr, "FAIL: audit_write_report\n");
		return 1;
	}
	f = fopen(argv[1], "re");
	yaml_parser_initialize(&parser);
	yaml_parser_set_input_file(&parser, f);
	if (!f || !yaml_parser_load(&parser, &doc) || !(root = yaml_document_get_root_node(&doc))) {
		fprintf(stderr, "FAIL: %s does not parse: %s (line %zu)\n", argv[1], parser.problem ? parser.problem : "?",
			parser.problem_mark.line + 1);
		return 1;
	}
	check("build", 0, get(&doc, root, "build"), hostile[1]);
	const char *lists[] = { "modules", "used", "failed" };
	for (size_t l = 0; l < 3; l++) {
		seq = get(&doc, root, lists[l]);
		if (!seq || seq->type != YAML_SEQUENCE_NODE || (size_t)(seq->data.sequence.items.top - seq->data.sequence.items.start) != N) {
			fprintf(stderr, "FAIL: %s: not a sequence of %zu\n", lists[l], N);
			return 1;
		}
		for (size_t i = 0; i < N; i++)
			check(lists[l], i, yaml_document_get_node(&doc, seq->data.sequence.items.start[i]), hostile[i]);
	}
	const char *findings[] = { "missing", "writes" };
	for (size_t l = 0; l < 2; l++) {
		seq = get(&doc, root, findings[l]);
		if (!seq || seq->type != YAML_SEQUENCE_NODE) {
			fprintf(stderr, "FAIL: %s: not a sequence\n", findings[l]);
			return 1;
		}
		for (size_t i = 0; i < N; i++) {
			yaml_node_t *m = yaml_document_get_node(&doc, seq->data.sequence.items.start[i]);
			check("path", i, get(&doc, m, "path"), hostile[i]);
			check("by", i, get(&doc, m, "by"), hostile[N - 1 - i]);
		}
	}
	seq = get(&doc, root, "rules");
	for (size_t i = 0; seq && i < N; i++) {
		yaml_node_t *u = yaml_document_get_node(&doc, seq->data.sequence.items.start[i]);
		yaml_node_t *b = get(&doc, u, "bytes");
		char want[32];
		check("rules.name", i, get(&doc, u, "name"), hostile[i]);
		snprintf(want, sizeof(want), "%llu", (unsigned long long)i << 40);
		if (!b || strcmp((char *)b->data.scalar.value, want) || b->data.scalar.style != YAML_PLAIN_SCALAR_STYLE) {
			fprintf(stderr, "FAIL: rules.bytes[%zu]\n", i);
			fails++;
		}
	}
	yaml_document_delete(&doc);
	yaml_parser_delete(&parser);
	fclose(f);
	audit_result_release(&r);
	if (!fails)
		printf("%zu hostile strings in 8 places: all read back as written\n", N);
	return fails ? 1 : 0;
}
