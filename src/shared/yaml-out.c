// SPDX-License-Identifier: GPL-2.0-or-later
#include "shared/yaml-out.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include "shared/name.h"
#include "shared/strbuf.h"

static void ev(struct yaml_out *y, yaml_event_t *event, int ok)
{
	if (!ok || y->err) {
		if (ok)
			yaml_event_delete(event);
		y->err = y->err ? y->err : -ENOMEM;
		return;
	}
	if (!yaml_emitter_emit(&y->e, event))
		y->err = y->e.error != YAML_WRITER_ERROR ? -EINVAL : y->write_err ? y->write_err : -EIO;
}

/* libyaml's own file output loses errno: ENOSPC must reach the user. */
static int writer(void *data, unsigned char *buf, size_t size)
{
	struct yaml_out *y = data;

	if (fwrite(buf, 1, size, y->f) == size)
		return 1;
	y->write_err = -(errno ? errno : EIO);
	return 0;
}

/* A string that is not UTF-8 (libyaml refuses it): its bytes as !!binary,
 * base64, which a reader gives back as those bytes. Never as characters:
 * the byte 0xE9 read back as U+00E9 was the name "\xC3\xA9" too. */
static void binary(struct yaml_out *y, const char *s)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	struct strbuf b = { 0 };
	yaml_event_t e;

	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16 | (i + 1 < n ? (uint32_t)p[i + 1] << 8 : 0) | (i + 2 < n ? p[i + 2] : 0);

		strbuf_addc(&b, b64[v >> 18 & 63]);
		strbuf_addc(&b, b64[v >> 12 & 63]);
		strbuf_addc(&b, i + 1 < n ? b64[v >> 6 & 63] : '=');
		strbuf_addc(&b, i + 2 < n ? b64[v & 63] : '=');
	}
	ev(y, &e, yaml_scalar_event_initialize(&e, NULL, (yaml_char_t *)"tag:yaml.org,2002:binary", (yaml_char_t *)b.s,
					       (int)b.len, 0, 0, YAML_DOUBLE_QUOTED_SCALAR_STYLE));
	strbuf_release(&b);
}

static void plain(struct yaml_out *y, const char *s)
{
	yaml_event_t e;

	ev(y, &e, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), 1, 0,
					       YAML_PLAIN_SCALAR_STYLE));
}

void yaml_out_begin(struct yaml_out *y, FILE *f, bool doc_marker)
{
	yaml_event_t e;

	memset(y, 0, sizeof(*y));
	y->f = f;
	yaml_emitter_initialize(&y->e);
	yaml_emitter_set_output(&y->e, writer, y);
	/* ASCII out: a non-ASCII character is written as a \x, \u escape. */
	yaml_emitter_set_unicode(&y->e, 0);
	yaml_emitter_set_width(&y->e, -1);
	ev(y, &e, yaml_stream_start_event_initialize(&e, YAML_UTF8_ENCODING));
	ev(y, &e, yaml_document_start_event_initialize(&e, NULL, NULL, NULL, !doc_marker));
}

int yaml_out_end(struct yaml_out *y)
{
	yaml_event_t e;
	int r;

	ev(y, &e, yaml_document_end_event_initialize(&e, 1));
	ev(y, &e, yaml_stream_end_event_initialize(&e));
	if (!yaml_emitter_flush(&y->e) && !y->err)
		y->err = y->write_err ? y->write_err : -EIO;
	r = y->err;
	yaml_emitter_delete(&y->e);
	if (fflush(y->f) != 0 || ferror(y->f))
		r = r ? r : -EIO;
	return r;
}

void yaml_out_scalar(struct yaml_out *y, const char *s, yaml_scalar_style_t style)
{
	bool is_plain = style == YAML_PLAIN_SCALAR_STYLE;
	yaml_event_t e;

	if (!s) {
		plain(y, "null");
		return;
	}
	if (name_flaws(s) & NAME_NOT_UTF8) {
		binary(y, s);
		return;
	}
	ev(y, &e, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), is_plain, !is_plain, style));
}

void yaml_out_str(struct yaml_out *y, const char *s)
{
	yaml_out_scalar(y, s, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

void yaml_out_key(struct yaml_out *y, const char *k)
{
	plain(y, k);
}

void yaml_out_uint(struct yaml_out *y, uint64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%" PRIu64, v);
	plain(y, b);
}

void yaml_out_kv(struct yaml_out *y, const char *k, const char *v)
{
	plain(y, k);
	yaml_out_str(y, v);
}

void yaml_out_kvu(struct yaml_out *y, const char *k, uint64_t v)
{
	plain(y, k);
	yaml_out_uint(y, v);
}

void yaml_out_map_start(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

void yaml_out_map_end(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_mapping_end_event_initialize(&e));
}

void yaml_out_seq_start(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE));
}

void yaml_out_flow_seq_start(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, YAML_FLOW_SEQUENCE_STYLE));
}

void yaml_out_seq_end(struct yaml_out *y)
{
	yaml_event_t e;

	ev(y, &e, yaml_sequence_end_event_initialize(&e));
}
