/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A YAML document written through libyaml's emitter: every string is a
 * double-quoted scalar quoted and escaped as YAML needs, whatever bytes it
 * holds. Errors stick: once one call fails the rest do nothing and
 * yaml_out_end() returns the first error. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <yaml.h>

struct yaml_out {
	yaml_emitter_t e;
	FILE *f;
	int err, write_err;
};

/* Starts the stream and its one document on f (ASCII output, no line
 * folding); doc_marker: begin with "---". */
void yaml_out_begin(struct yaml_out *y, FILE *f, bool doc_marker);
/* Ends the document, flushes; 0 or the first negative errno (a failed
 * write gives its own errno, e.g. -ENOSPC). */
int yaml_out_end(struct yaml_out *y);

/* A scalar in the given style (NULL: null). One that is not UTF-8 is
 * written as !!binary (base64 of its bytes), which a reader gives back as
 * bytes (shared/name.h). YAML_PLAIN_SCALAR_STYLE is for the writer's own
 * numbers and names only. */
void yaml_out_scalar(struct yaml_out *y, const char *s, yaml_scalar_style_t style);

/* A string, double-quoted (NULL: null); see yaml_out_scalar(). */
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
/* A sequence written on one line: [a, b]. */
void yaml_out_flow_seq_start(struct yaml_out *y);
void yaml_out_seq_end(struct yaml_out *y);
