/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A YAML document written through libyaml's emitter: every string is a
 * double-quoted scalar quoted and escaped as YAML needs, whatever bytes it
 * holds. Errors stick: once one call fails the rest do nothing and
 * yaml_out_end() returns the first error. */
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <yaml.h>

struct yaml_out {
	yaml_emitter_t e;
	FILE *f;
	int err;
};

/* Starts the stream and its one document on f (ASCII output, no line folding). */
void yaml_out_begin(struct yaml_out *y, FILE *f);
/* Ends the document, flushes; 0 or the first negative errno. */
int yaml_out_end(struct yaml_out *y);

/* A string (NULL: null). A byte that is not part of valid UTF-8 is written
 * as the character of that code (byte 0xFF: "\xFF", read back as U+00FF),
 * as the pack report does (doc/report.md). */
void yaml_out_str(struct yaml_out *y, const char *s);
/* A mapping key: a plain scalar (the writer's own ASCII names). */
void yaml_out_key(struct yaml_out *y, const char *k);
void yaml_out_uint(struct yaml_out *y, uint64_t v);
void yaml_out_kv(struct yaml_out *y, const char *k, const char *v);
void yaml_out_kvu(struct yaml_out *y, const char *k, uint64_t v);
void yaml_out_map_start(struct yaml_out *y);
void yaml_out_map_end(struct yaml_out *y);
/* An empty sequence is written "[]" whatever the style. */
void yaml_out_seq_start(struct yaml_out *y);
void yaml_out_seq_end(struct yaml_out *y);
